import { markdownTwins, pageUrlOfTwin, twinUrl } from '@/lib/markdown/twins';

// `/{page}.md` is rewritten here (next.config.mjs): every twin is prerendered at build time.
export const dynamic = 'force-static';
export const dynamicParams = false;

type Context = { params: Promise<{ slug: string[] }> };

export function generateStaticParams() {
  return markdownTwins().map((twin) => ({ slug: twinUrl(twin.url).slice(1, -'.md'.length).split('/') }));
}

export async function GET(_request: Request, { params }: Context) {
  const url = pageUrlOfTwin((await params).slug);
  const twin = markdownTwins().find((entry) => entry.url === url);
  if (!twin)
    return new Response(`No page at ${url}\n`, {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  return new Response(`${twin.markdown()}\n`, { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
}
