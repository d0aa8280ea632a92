// POST /insights/comments: marks a comment handled, for a request with the editors' token (else 404, as the
// report). A form post (id, token) is answered 303 back to the report; a bad id is 400 naming the field.
import { z } from 'zod';
import { carriedToken, mayReadReport } from './access';
import { insightsStore } from './open';
import { StoreUnavailableError } from './store';

const formSchema = z.object({ id: z.coerce.number().int().positive(), token: z.string().optional() });

async function handle(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => undefined);
  const token = form?.get('token');
  if (!mayReadReport(request.headers, typeof token === 'string' ? token : null))
    return new Response('Not found\n', { status: 404 });
  const parsed = formSchema.safeParse({ id: form?.get('id'), token: token ?? undefined });
  if (!parsed.success) return Response.json({ error: 'id: must be the number of a comment' }, { status: 400 });
  try {
    const handled = await (await insightsStore()).markHandled(parsed.data.id);
    if (!handled) return Response.json({ error: `id: no open comment #${parsed.data.id}` }, { status: 404 });
  } catch (error) {
    if (error instanceof StoreUnavailableError) return Response.json({ error: error.message }, { status: 503 });
    throw error;
  }
  const back = new URL('/insights', request.url);
  const given = carriedToken(request.headers, parsed.data.token);
  if (parsed.data.token && given) back.searchParams.set('token', given);
  return new Response(null, {
    status: 303,
    headers: { location: `${back.pathname}${back.search}`, 'cache-control': 'no-store' },
  });
}

export const HANDLE_ROUTE = { POST: handle };
