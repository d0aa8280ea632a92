import { getOperationById } from '@/lib/openapi';
import { anchorFor } from '@/lib/openapi/anchors';
import { getSdkReference } from '@/lib/typedoc';
import { TableScroll } from './table-scroll';
import { wireMethod } from '@/lib/openapi/methods';

/**
 * Every method of kilowise-client and the operation it calls, from the client's source (each method's
 * `@apiOperation`), so the package page cannot miss a method or name one that is gone.
 */
export function ClientMethodTable() {
  const methods = getSdkReference().operations.toSorted((a, b) => a.method.localeCompare(b.method));
  return (
    <TableScroll>
      <table>
        <thead>
          <tr>
            <th>Method</th>
            <th>Calls</th>
            <th>Operation</th>
          </tr>
        </thead>
        <tbody>
          {methods.map((method) => {
            const operation = getOperationById(method.operationId);
            return (
              <tr key={method.method}>
                <td>
                  <code>kilowise.{method.method}()</code>
                  {method.deprecated ? ' (deprecated)' : null}
                </td>
                <td>
                  {operation ? (
                    <a className="api-endpoint" href={`/api#${anchorFor.operation(operation.operationId)}`}>
                      <code>
                        {wireMethod(operation.method)} {operation.path}
                      </code>
                    </a>
                  ) : null}
                </td>
                <td>{operation?.summary}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
