import type { RecipeWorkflow } from '@/lib/recipes/document';
import { layoutDiagram } from '@/lib/recipes/diagram';

/**
 * Which step feeds which, drawn at build time as SVG: the steps in the order they run, and an arrow for each step
 * whose outputs a later step reads. Colours come from the theme's variables, so it reads in both colour modes.
 */
export function RecipeDiagram({ workflow }: { workflow: RecipeWorkflow }) {
  const layout = layoutDiagram(workflow);
  const titleId = `diagram-${workflow.workflowId}`;
  return (
    <figure className="recipe-diagram">
      <svg
        className="recipe-diagram__svg"
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width={layout.width}
        height={layout.height}
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{layout.description}</title>
        <defs>
          <marker
            id={`${titleId}-head`}
            viewBox="0 0 8 8"
            refX="7"
            refY="4"
            markerWidth="8"
            markerHeight="8"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 8 4 L 0 8 z" className="recipe-diagram__head" />
          </marker>
        </defs>
        {layout.boxes.map((box) => (
          <g key={box.label}>
            <rect x={box.x} y={box.y} width={box.width} height={box.height} rx="6" className="recipe-diagram__box" />
            <text
              x={box.x + 12}
              y={box.y + box.height / 2}
              dominantBaseline="central"
              className="recipe-diagram__label"
            >
              {box.label}
            </text>
          </g>
        ))}
        {layout.arrows.map((arrow) => (
          <path
            key={`${arrow.from}-${arrow.to}`}
            d={arrow.path}
            className="recipe-diagram__arrow"
            markerEnd={`url(#${titleId}-head)`}
          >
            <title>{arrow.outputs.join(', ')}</title>
          </path>
        ))}
      </svg>
      <figcaption className="recipe-diagram__caption">Arrows: a step’s outputs that a later step takes.</figcaption>
    </figure>
  );
}
