import Link from 'next/link';
import type { ApiModel } from '@/lib/openapi/model';

type Change = NonNullable<ApiModel['changes']>['list'][number];

const SIGN: Record<Change['kind'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

function ChangeItem({ change }: { change: Change }) {
  return (
    <li className={change.breaking ? 'api-change api-change--breaking' : 'api-change'}>
      <span className={`badge badge--${change.kind}`}>{SIGN[change.kind]}</span> <code>{change.where}</code>:{' '}
      {change.detail}
      {change.breaking ? (
        <>
          {' '}
          <strong className="api-change__breaking">Breaking:</strong> {change.breaking}.
        </>
      ) : null}
    </li>
  );
}

/**
 * `/api/changes` on a preview build: what the document being built changes from the baseline, breaking
 * changes first with their reason, then every change by operation, each linked to the operation on `/api`.
 */
export function ApiChanges({ model }: { model: ApiModel }) {
  const changes = model.changes;
  if (!changes) return null;
  const breaking = changes.list.filter((change) => change.breaking);
  const groups = new Map<string, Change[]>();
  for (const change of changes.list) {
    const key = change.operationId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return (
    <>
      <h1>API changes in this preview</h1>
      <p>
        From <code>{changes.baseline}</code> to the document this preview is built from ({model.title} {model.version}):{' '}
        <strong>
          {changes.list.length} change{changes.list.length === 1 ? '' : 's'}, {breaking.length} breaking
        </strong>
        . The same report prints with <code>npm run spec:diff</code>.
      </p>
      {changes.list.length === 0 ? (
        <p>The document is the same as the baseline: the reference does not change.</p>
      ) : null}
      {breaking.length > 0 ? (
        <section aria-labelledby="breaking">
          <h2 id="breaking">Breaking changes</h2>
          <ul className="api-changes">
            {breaking.map((change, index) => (
              <ChangeItem key={index} change={change} />
            ))}
          </ul>
        </section>
      ) : null}
      {changes.list.length > 0 ? (
        <section aria-labelledby="by-operation">
          <h2 id="by-operation">Every change, by operation</h2>
          {[...groups].map(([operationId, list]) => (
            <section
              key={operationId || 'removed'}
              id={operationId || 'removed-operations'}
              aria-labelledby={`${operationId || 'removed-operations'}-title`}
            >
              <h3 id={`${operationId || 'removed-operations'}-title`}>
                {operationId ? (
                  <Link href={`/api#operation/${operationId}`}>
                    <code>{operationId}</code>
                  </Link>
                ) : (
                  'Removed operations'
                )}
              </h3>
              <ul className="api-changes">
                {list.map((change, index) => (
                  <ChangeItem key={index} change={change} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ) : null}
    </>
  );
}
