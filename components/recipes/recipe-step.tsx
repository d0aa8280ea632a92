import { MethodBadge } from '@/components/api/operation-card';
import { SampleFlag } from '@/components/feedback/sample-flag.client';
import { anchorFor } from '@/lib/openapi/anchors';
import { markdownToSafeHtml } from '@/lib/openapi/markdown';
import type { ContractOperation } from '@/lib/contract/operation-contract';
import type { RecipeStep } from '@/lib/recipes/document';
import type { StepFlow } from '@/lib/recipes/flow';
import { callsSandbox } from '@/lib/recipes/sources';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const list = new Intl.ListFormat('en', { type: 'conjunction' });
const toSteps = (numbers: readonly number[]) =>
  `, to step${numbers.length > 1 ? 's' : ''} ${list.format(numbers.map(String))}`;

/**
 * What a recipe's step says before it runs: its operation (linked to the reference), what it does, what it takes
 * (parameters and body, with the expressions that fill them), what it checks, and what it hands to later steps.
 */
export function RecipeStepBody({
  step,
  operation,
  flow,
  takenBy,
  number,
  recipe,
}: {
  step: RecipeStep;
  operation: ContractOperation;
  flow: StepFlow;
  /** The later steps that read each output: `{ locationId: [4] }`. */
  takenBy: Record<string, number[]>;
  number: (stepId: string) => number;
  /** The recipe's workflowId, which a reader's "This did not work" names. */
  recipe?: string;
}) {
  const description = markdownToSafeHtml(step.description);
  return (
    <>
      <h3 id={`step-${step.stepId}`} className="recipe-step__title">
        {operation.summary}
      </h3>
      <p className="recipe-step__operation">
        <a
          href={callsSandbox(step.operationId) ? '/docs/sandbox' : `/api#${anchorFor.operation(operation.operationId)}`}
        >
          <MethodBadge method={operation.method} /> <code>{operation.path}</code>
        </a>{' '}
        <span className="recipe-step__id">
          step <code>{step.stepId}</code>
        </span>
      </p>
      {description ? (
        <div className="recipe-step__description" dangerouslySetInnerHTML={{ __html: description }} />
      ) : null}
      <dl className="recipe-step__facts">
        <dt>Takes</dt>
        <dd>
          <StepTakes step={step} flow={flow} number={number} />
        </dd>
        <dt>Checks</dt>
        <dd>
          <ul>
            {step.successCriteria.map((criterion) => (
              <li key={criterion.condition}>
                <code>{criterion.condition}</code>
              </li>
            ))}
          </ul>
        </dd>
        <StepFailureActions step={step} />
        {step.requestBody?.replacements?.length ? (
          <>
            <dt>Body</dt>
            <dd>
              <code>{String(step.requestBody.payload)}</code>, with{' '}
              {step.requestBody.replacements.map((replacement, index) => (
                <span key={replacement.target}>
                  {index > 0 ? ', ' : ''}
                  <code>{replacement.target}</code> set to <code>{String(replacement.value)}</code>
                </span>
              ))}
            </dd>
          </>
        ) : null}
        <StepOutputs step={step} takenBy={takenBy} />
      </dl>
      {recipe ? (
        <SampleFlag language="http" operationId={operation.operationId} recipe={recipe} step={step.stepId} />
      ) : null}
    </>
  );
}

/** What a step sends (its parameters and body, with the expressions that fill them), and the steps it takes them from. */
function StepTakes({ step, flow, number }: { step: RecipeStep; flow: StepFlow; number: (stepId: string) => number }) {
  return (
    <>
      {step.parameters.length === 0 && !step.requestBody ? (
        <p>Nothing but the API key.</p>
      ) : (
        <ul>
          {step.parameters.map((parameter) => (
            <li key={`${parameter.in}:${parameter.name}`}>
              {parameter.in} <code>{parameter.name}</code> = <code>{show(parameter.value)}</code>
            </li>
          ))}
          {step.requestBody ? (
            <li>
              a body ({step.requestBody.contentType ?? 'application/json'}):
              <pre className="recipe-step__body" tabIndex={0} aria-label={`Request body of step ${step.stepId}`}>
                <code>{JSON.stringify(step.requestBody.payload, null, 2)}</code>
              </pre>
            </li>
          ) : null}
        </ul>
      )}
      {flow.from.length > 0 ? (
        <p className="recipe-step__from">
          From{' '}
          {flow.from.map((source, index) => (
            <span key={source.stepId}>
              {index > 0 ? ', ' : null}
              <a href={`#step-${source.stepId}`}>step {number(source.stepId)}</a> ({source.outputs.join(', ')})
            </span>
          ))}
          .
        </p>
      ) : null}
    </>
  );
}

/** What a step does when a check fails: ask again (how often, how long apart) or end the recipe. */
function StepFailureActions({ step }: { step: RecipeStep }) {
  if (!step.onFailure || step.onFailure.length === 0) return null;
  return (
    <>
      <dt>When a check fails</dt>
      <dd>
        <ul>
          {step.onFailure.map((action) => (
            <li key={action.name}>
              {action.type === 'retry'
                ? `Ask again after ${action.retryAfter ?? 0} s, ${action.retryLimit ?? 1} times at most`
                : 'End the recipe'}
              {action.criteria?.length ? ' when ' : ''}
              {action.criteria?.map((criterion) => (
                <code key={criterion.condition}>{criterion.condition}</code>
              ))}{' '}
              ({action.name})
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** The outputs a step hands on, each with the expression it reads and the later steps that take it. */
function StepOutputs({ step, takenBy }: { step: RecipeStep; takenBy: Record<string, number[]> }) {
  if (Object.keys(step.outputs).length === 0) return null;
  return (
    <>
      <dt>Hands on</dt>
      <dd>
        <ul>
          {Object.entries(step.outputs).map(([name, expression]) => (
            <li key={name}>
              <code>{name}</code> from <code>{expression}</code>
              {takenBy[name]?.length ? toSteps(takenBy[name]) : ''}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
