import { getOperationById } from '@/lib/openapi';
import { anchorFor } from '@/lib/openapi/anchors';
import { getSdkReference } from '@/lib/typedoc';
import { DataTable } from '@/components/ui/data-table';
import { wireMethod } from '@/lib/openapi/methods';

/**
 * Every method of kilowise-client and the operation it calls, from the client's source (each method's
 * `@apiOperation`), so the package page cannot miss a method or name one that is gone.
 */
export function ClientMethodTable() {
  const methods = getSdkReference().operations.toSorted((a, b) => a.method.localeCompare(b.method));
  return (
    <DataTable
      rows={methods.map((method) => ({ method, operation: getOperationById(method.operationId) }))}
      rowKey={({ method }) => method.method}
      columns={[
        {
          header: 'Method',
          cell: ({ method }) => (
            <>
              <code>kilowise.{method.method}()</code>
              {method.deprecated ? ' (deprecated)' : null}
            </>
          ),
        },
        {
          header: 'Calls',
          cell: ({ operation }) =>
            operation ? (
              <a className="api-endpoint" href={`/api#${anchorFor.operation(operation.operationId)}`}>
                <code>
                  {wireMethod(operation.method)} {operation.path}
                </code>
              </a>
            ) : null,
        },
        { header: 'Operation', cell: ({ operation }) => operation?.summary },
      ]}
    />
  );
}
