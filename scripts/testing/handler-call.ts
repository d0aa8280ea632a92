// Calls a sandbox handler as lib/sandbox/sandbox.ts does, for the handlers' own tests: the context's defaults (the
// world, the clock, the user) from `defaults`, read on each call, and what a test sets on top.
import type { ContractOperation } from '../../lib/contract/operation-contract';
import type { Answer, Handler, HandlerContext } from '../../lib/sandbox/handlers/context';

export function handlerCaller(
  handlers: Record<string, Handler>,
  defaults: () => Pick<HandlerContext, 'world' | 'now' | 'userId'> & Partial<HandlerContext>,
) {
  return (operationId: string, context: Partial<HandlerContext> = {}): Answer => {
    const handler = handlers[operationId];
    if (!handler) throw new Error(`no handler ${operationId}`);
    return handler({
      operation: { operationId } as ContractOperation,
      params: {},
      body: undefined,
      example: () => ({ status: 200 }),
      ...defaults(),
      ...context,
    });
  };
}
