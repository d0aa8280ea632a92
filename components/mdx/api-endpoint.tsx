import type { ReactNode } from 'react';
import { findOperation } from '@/lib/openapi';
import { anchorFor } from '@/lib/openapi/anchors';

interface ApiEndpointProps {
  method: string;
  path: string;
  /** The inline code as written. */
  children: ReactNode;
}

/**
 * An endpoint a guide names in inline code, linked to its operation on `/api`. One the contract lacks
 * stays plain code; the link check warns about it, naming the file and line.
 */
export function ApiEndpoint({ method, path, children }: ApiEndpointProps) {
  const operation = findOperation(method, path);
  if (!operation) return <>{children}</>;
  return (
    <a
      className="api-endpoint"
      href={`/api#${anchorFor.operation(operation.operationId)}`}
      title={`${operation.summary} (${operation.operationId})`}
    >
      {children}
    </a>
  );
}
