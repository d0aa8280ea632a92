import { wireMethod } from '../openapi/methods';
import type { ContractOperation } from '../contract/operation-contract';
import { templateParameters, templateSource } from '../openapi/path-template';

interface Route {
  operation: ContractOperation;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over parameters: `/devices/steve-url` before `/devices/{deviceId}`. */
  literals: number;
}

/** What a request path matched: the operation and its decoded path parameters. */
export interface RouteMatch {
  operation: ContractOperation;
  pathParams: Record<string, string>;
}

/** A path segment's value; a malformed percent-encoding (`%`, `%zz`) stays as it was sent. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch (error) {
    if (error instanceof URIError) return segment;
    throw error;
  }
}

function compile(operation: ContractOperation): Route {
  const segments = operation.path.split('/').filter(Boolean);
  return {
    operation,
    pattern: new RegExp(`^/${templateSource(segments.join('/'))}/?$`),
    names: templateParameters(operation.path),
    literals: segments.filter((segment) => !segment.includes('{')).length,
  };
}

/** Finds the operation for a method and path, as a server routes: the most literal path template first. */
export function createRouter(operations: readonly ContractOperation[]) {
  const routes = operations.map(compile).sort((a, b) => b.literals - a.literals);
  return {
    /**
     * `allowed` lists the methods of the path when it exists but not with this method. HEAD is answered as GET where
     * the contract has no HEAD of its own (RFC 9110: HEAD is GET without the content).
     */
    match(method: string, path: string): RouteMatch | { allowed: string[] } | undefined {
      const found = matchExactly(method, path);
      if (method.toUpperCase() !== 'HEAD' || (found && 'operation' in found)) return found;
      const asGet = matchExactly('GET', path);
      return asGet && 'operation' in asGet ? asGet : found;
    },
  };

  function matchExactly(method: string, path: string): RouteMatch | { allowed: string[] } | undefined {
    const allowed: string[] = [];
    for (const route of routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      // Compared without case: the sandbox reads every method in capitals, as fetch sends the standard ones.
      if (wireMethod(route.operation.method).toUpperCase() !== method.toUpperCase()) {
        allowed.push(wireMethod(route.operation.method));
        continue;
      }
      const pathParams = Object.fromEntries(
        route.names.map((name, index) => [name, decodeSegment(found[index + 1] ?? '')]),
      );
      return { operation: route.operation, pathParams };
    }
    return allowed.length > 0 ? { allowed } : undefined;
  }
}
