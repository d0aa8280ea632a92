// What a recipe's step did when it ran: passed or failed and why, its request and response, and what it handed on.
import type { StepRun } from '@/lib/recipes/run';

/** A response body longer than this shows cut, with a note: a run shows what happened, not a data dump. */
const BODY_LIMIT = 4000;

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function clipped(text: string): string {
  return text.length > BODY_LIMIT
    ? `${text.slice(0, BODY_LIMIT)}\n… (${text.length - BODY_LIMIT} more characters)`
    : text;
}

/** One step's run, under the step's description. */
export function StepResult({ run }: { run: StepRun }) {
  const request = [
    `${run.request.method} ${run.request.url}`,
    ...run.request.headers.map(([name, value]) => `${name}: ${value}`),
    ...(run.request.body ? ['', run.request.body] : []),
  ].join('\n');
  const outputs = Object.entries(run.outputs);
  return (
    <div className={run.failed ? 'recipe-result recipe-result--failed' : 'recipe-result'}>
      <p className="recipe-result__status">
        {run.failed ? <strong className="recipe-result__failed">Failed</strong> : <strong>Passed</strong>}
        {run.status !== undefined ? (
          <span className={`recipe-result__code recipe-result__code--${String(run.status)[0]}xx`}>{run.status}</span>
        ) : null}
        {run.failed ? <span className="recipe-result__reason">{run.failed}</span> : null}
        {run.retries ? (
          <span className="recipe-result__reason">
            after {run.retries} {run.retries === 1 ? 'retry' : 'retries'}, as the step&apos;s retry action says
          </span>
        ) : null}
        {run.ended ? <span className="recipe-result__reason">The recipe ends here ({run.ended}).</span> : null}
      </p>
      <details className="recipe-result__exchange">
        <summary>Request and response</summary>
        <pre tabIndex={0} aria-label={`Request of step ${run.stepId}`}>
          <code>{request}</code>
        </pre>
        {run.body !== undefined ? (
          <pre tabIndex={0} aria-label={`Response of step ${run.stepId}`}>
            <code>{clipped(pretty(run.body))}</code>
          </pre>
        ) : null}
      </details>
      {outputs.length > 0 ? <p className="recipe-result__label">Handed on:</p> : null}
      {outputs.length > 0 ? (
        <dl className="recipe-result__outputs">
          {outputs.map(([name, value]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>
                <code>{value === undefined ? 'undefined' : clipped(JSON.stringify(value))}</code>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
