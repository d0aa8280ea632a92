import type { z, ZodRawShape } from 'zod';
import type { DocsData } from '../data';

/**
 * One tool of the docs' MCP server: its name, what an agent reads about it, a zod input schema, and what it does
 * with the build's data. A thrown ToolError is the agent's to read (the result's `isError`).
 */
export interface DocsTool<Shape extends ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: Shape;
  run(data: DocsData, input: z.infer<z.ZodObject<Shape>>, context: ToolContext): string | Promise<string>;
}

/** What a tool may know of the session that calls it. */
export interface ToolContext {
  /** The session's own sandbox (sandbox_request, sandbox_control, run_recipe), its world kept in the session store. */
  sandbox: () => import('../../sandbox/stored').SandboxHandle;
}
