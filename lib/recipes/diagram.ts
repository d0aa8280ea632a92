import type { RecipeWorkflow } from './document';
import { flowEdges, type FlowEdge } from './flow';

/** Sizes of the drawing, in SVG units (CSS pixels at full width). */
const ROW = 44;
const BOX_HEIGHT = 30;
const CHARACTER = 8;
const PADDING = 12;
const GAP = 14;
const LANE = 14;

export interface DiagramBox {
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
}

export interface DiagramArrow extends FlowEdge {
  /** An SVG path from the right edge of the step that hands values on to the right edge of the step that takes them. */
  path: string;
}

export interface DiagramLayout {
  width: number;
  height: number;
  boxes: DiagramBox[];
  arrows: DiagramArrow[];
  /** What the drawing shows, in words, for a screen reader. */
  description: string;
}

/**
 * Lays out which step feeds which: the steps top to bottom in the order they run, and an arrow on the right for
 * each step whose outputs a later one reads. Each arrow gets the innermost lane free over its span, so that short
 * arrows nest inside long ones and none crosses another on the same lane.
 */
export function layoutDiagram(workflow: RecipeWorkflow): DiagramLayout {
  const labels = workflow.steps.map((step, index) => `${index + 1}. ${step.stepId}`);
  const boxWidth = Math.ceil(Math.max(...labels.map((label) => label.length)) * CHARACTER + 2 * PADDING);
  const boxes = labels.map((label, index) => ({
    x: 0.5,
    y: index * ROW + 0.5,
    width: boxWidth,
    height: BOX_HEIGHT,
    label,
  }));
  const lanes: FlowEdge[][] = [];
  const middle = (index: number) => index * ROW + BOX_HEIGHT / 2 + 0.5;
  const arrows = flowEdges(workflow).map((edge) => {
    let lane = lanes.findIndex((taken) => taken.every((other) => other.to < edge.from || other.from > edge.to));
    if (lane === -1) lane = lanes.push([]) - 1;
    lanes[lane]?.push(edge);
    const x = boxWidth + GAP + lane * LANE;
    return {
      ...edge,
      path: `M ${boxWidth + 0.5} ${middle(edge.from)} H ${x} V ${middle(edge.to)} H ${boxWidth + 6.5}`,
    };
  });
  const name = (index: number) => `step ${index + 1} (${workflow.steps[index]?.stepId ?? ''})`;
  const description =
    arrows.length === 0
      ? 'No step reads another step’s outputs: each takes only the recipe’s inputs.'
      : arrows
          .toSorted((a, b) => a.from - b.from || a.to - b.to)
          .map((arrow) => `${name(arrow.from)} hands ${arrow.outputs.join(', ')} to ${name(arrow.to)}`)
          .join('; ') + '.';
  return {
    width: Math.ceil(boxWidth + GAP + Math.max(lanes.length, 1) * LANE + 1),
    height: (workflow.steps.length - 1) * ROW + BOX_HEIGHT + 1,
    boxes,
    arrows,
    description,
  };
}
