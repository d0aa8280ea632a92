import type { RecipeStep, RecipeWorkflow } from './document';
import { expressionsIn, parseExpression } from './expressions';

/** The input that carries the partner's API key in a portable recipe. */
export const API_KEY_INPUT = 'apiKey';

/** What one step takes: the recipe's inputs it reads, and the outputs of earlier steps, by step. */
export interface StepFlow {
  stepId: string;
  inputs: string[];
  from: { stepId: string; outputs: string[] }[];
}

/** Every expression a step's parameters and request body read. */
function expressionsOf(step: RecipeStep): string[] {
  return [
    ...step.parameters.flatMap((parameter) => expressionsIn(parameter.value)),
    ...expressionsIn(step.requestBody?.payload),
    ...(step.requestBody?.replacements ?? []).flatMap((replacement) => expressionsIn(replacement.value)),
  ];
}

/** Which inputs and which earlier steps' outputs each step reads, in the order the steps run. */
export function stepFlows(workflow: RecipeWorkflow): StepFlow[] {
  return workflow.steps.map((step) => {
    const inputs = new Set<string>();
    const from = new Map<string, Set<string>>();
    for (const text of expressionsOf(step)) {
      const expression = parseExpression(text);
      // Every step sends the API key: the flow shows what tells the steps apart.
      if (expression?.source === 'inputs' && expression.path[0] && expression.path[0] !== API_KEY_INPUT)
        inputs.add(expression.path[0]);
      if (expression?.source === 'steps')
        from.set(expression.stepId, (from.get(expression.stepId) ?? new Set()).add(expression.output));
    }
    return {
      stepId: step.stepId,
      inputs: [...inputs],
      // In the order the steps run, whatever order the step names them in.
      from: workflow.steps.flatMap((earlier) => {
        const outputs = from.get(earlier.stepId);
        return outputs ? [{ stepId: earlier.stepId, outputs: [...outputs] }] : [];
      }),
    };
  });
}

/** For each step, which later steps (numbered from 1, as on the page) take each of its outputs: `{ deviceId: [4, 5] }`. */
export function outputsTakenBy(workflow: RecipeWorkflow): Record<string, number[]>[] {
  const flows = stepFlows(workflow);
  return workflow.steps.map((step) => {
    const taken: Record<string, number[]> = {};
    flows.forEach((flow, index) => {
      for (const output of flow.from.find((source) => source.stepId === step.stepId)?.outputs ?? [])
        (taken[output] ??= []).push(index + 1);
    });
    return taken;
  });
}

/** One arrow of the diagram: a value one step hands to a later one. */
export interface FlowEdge {
  from: number;
  to: number;
  outputs: string[];
}

/** The arrows between steps (by their index), shortest first, so that a drawing nests them. */
export function flowEdges(workflow: RecipeWorkflow): FlowEdge[] {
  const index = new Map(workflow.steps.map((step, position) => [step.stepId, position]));
  return stepFlows(workflow)
    .flatMap((flow, to) =>
      flow.from.map((source) => ({ from: index.get(source.stepId) ?? -1, to, outputs: source.outputs })),
    )
    .filter((edge) => edge.from >= 0)
    .sort((a, b) => a.to - a.from - (b.to - b.from) || a.from - b.from);
}
