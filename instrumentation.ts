// Run by Next.js once as the server starts, before it answers a request (next start, next dev, a Vercel-style
// function). On Node.js only: the server's own HTTP handling is patched there (lib/deploy/trace.ts): TRACE is
// refused, and /mcp is answered by its route's handlers before Next's router (lib/mcp/node.ts). The imports sit
// inside the runtime check, as Next's docs write it, so that the Edge compile of this file leaves them out.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { refuseTrace } = await import('./lib/deploy/trace');
    const { serveMcp } = await import('./lib/mcp/node');
    refuseTrace(serveMcp);
  }
}
