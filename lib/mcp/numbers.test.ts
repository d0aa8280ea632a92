// Numbers as the contract bounds them (#55), through MCP: a tool call's argument of 1e400 (JSON that parses as
// Infinity) is -32602 naming the argument, for any tool. sandbox_request wrote its body as JSON again, and sent null
// where the agent had sent a number; the sandbox then said "must be number, not null", which the agent never sent.
import { describe, expect, it } from 'vitest';
import { handleMcp } from './http';
import { paramsProblem } from './json-rpc';
import { initializeRequest, sessionRequest, textOf } from './testing';

const ADDRESS = '192.0.2.65';

/** Opens a session, and sends each message's text in it, as a client would that writes its own JSON. */
async function session() {
  const started = await handleMcp(initializeRequest(ADDRESS));
  const sessionId = started.headers.get('mcp-session-id') ?? '';
  let id = 10;
  return async (tool: string, args: string) => {
    id += 1;
    const answer = await handleMcp(
      sessionRequest(
        sessionId,
        `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`,
        { address: ADDRESS },
      ),
    );
    const json = (await answer.json()) as { error?: { code: number; message: string }; result?: object };
    return { status: answer.status, error: json.error, text: json.result ? textOf(json.result) : undefined };
  };
}

const PAST = 'is a number past the largest a double holds (1e400 or the like)';

describe('a tool argument of 1e400', () => {
  it('is -32602 naming the argument, and sandbox_request sends no null in its place', async () => {
    const call = await session();
    const location = (latitude: string) =>
      `{"method":"POST","path":"/v2/kilowise/users/user-4711/locations","body":{"name":"Cabin","coordinates":{"latitude":${latitude},"longitude":16.4},"countryCode":"SE","postalCode":"82050","streetAddress":"Skogsvägen 1","city":"Los"}}`;
    expect(await call('sandbox_request', location('1e400'))).toEqual({
      status: 200,
      error: {
        code: -32602,
        message: `Invalid params: the argument "body.coordinates.latitude" of sandbox_request ${PAST}`,
      },
      text: undefined,
    });
    // Nothing was stored; a number in range is taken, and an out-of-range one is the sandbox's 400 naming the field.
    const read = await call('sandbox_request', '{"method":"GET","path":"/v2/kilowise/users/user-4711/locations"}');
    expect(read.text).not.toContain('null');
    expect((await call('sandbox_request', location('1000'))).text).toContain(
      'Request body: field \\"coordinates.latitude\\" must be at most 90, got 1000',
    );
    const nested = await call(
      'sandbox_request',
      '{"method":"POST","path":"/v2/kilowise/spot-prices/SE3","body":{"2025-03-15T01:00:00+01:00":[-1e400]}}',
    );
    expect(nested.error?.message).toBe(
      `Invalid params: the argument "body.2025-03-15T01:00:00+01:00[0]" of sandbox_request ${PAST}`,
    );
  });

  it("is -32602 naming the argument of any tool: a control's soc and limit, a recipe's input", async () => {
    const call = await session();
    expect((await call('sandbox_control', '{"action":"device","deviceId":"dev-5b1f0c","soc":1e400}')).error).toEqual({
      code: -32602,
      message: `Invalid params: the argument "soc" of sandbox_control ${PAST}`,
    });
    expect((await call('sandbox_control', '{"action":"requests","limit":-1e400}')).error?.message).toBe(
      `Invalid params: the argument "limit" of sandbox_control ${PAST}`,
    );
    const recipe = await call('run_recipe', '{"workflowId":"first-smart-charging-smartcar","inputs":{"soc":1e400}}');
    expect(recipe.error?.message).toBe(`Invalid params: the argument "inputs.soc" of run_recipe ${PAST}`);
    // A number in range still reaches the tool.
    const soc = await call('sandbox_control', '{"action":"device","deviceId":"dev-5b1f0c","soc":55}');
    expect(soc.error).toBeUndefined();
    expect(soc.text).toContain('"soc": 55');
  });

  it('is found wherever it is in the arguments, and only there', () => {
    const message = (args: unknown) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'sandbox_request', arguments: args },
    });
    expect(paramsProblem(message({ method: 'PUT', path: '/x', body: { a: [{ b: Infinity }] } }))).toBe(
      `Invalid params: the argument "body.a[0].b" of sandbox_request ${PAST}`,
    );
    expect(paramsProblem(message({ method: 'PUT', path: '/x', body: { a: [1e308, -0, 'Infinity'] } }))).toBeUndefined();
    expect(paramsProblem({ jsonrpc: '2.0', id: 1, method: 'ping', params: { x: Infinity } })).toBeUndefined();
  });
});
