import { ImageResponse } from 'next/og';
import { markdownTwins } from '@/lib/markdown/twins';
import { ogImageUrl, pageUrlOfOgImage } from '@/lib/og';

// One PNG per page of the sitemap, drawn with next/og at build time.
export const dynamic = 'force-static';
export const dynamicParams = false;

type Context = { params: Promise<{ slug: string[] }> };

const AREA_OF = { Docs: 'Docs', Recipes: 'Recipe', SDK: 'SDK', API: 'API reference' } as const;

export function generateStaticParams() {
  return markdownTwins().map((twin) => ({ slug: ogImageUrl(twin.url).slice('/og/'.length).split('/') }));
}

export async function GET(_request: Request, { params }: Context) {
  const url = pageUrlOfOgImage((await params).slug);
  const twin = markdownTwins().find((entry) => entry.url === url);
  if (!twin) return new Response('No such page\n', { status: 404 });
  const area = url === '/playground' || url?.endsWith('/playground') ? 'Playground' : AREA_OF[twin.section];
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: '#0f2e1f',
        color: '#ffffff',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="72" height="72" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="8" fill="#13795b" />
          <path d="M17.5 4 8 18h6.5L13 28l11-15h-7l.5-9Z" fill="#9be15d" />
        </svg>
        <div style={{ display: 'flex', fontSize: 40, fontWeight: 700 }}>Kilowise</div>
        <div style={{ display: 'flex', fontSize: 32, color: '#9be15d', marginLeft: 12 }}>{area}</div>
      </div>
      <div
        style={{
          display: 'flex',
          fontSize: twin.title.length > 40 ? 64 : 80,
          fontWeight: 700,
          lineHeight: 1.1,
          maxWidth: 1050,
        }}
      >
        {twin.title}
      </div>
      <div style={{ display: 'flex', fontSize: 30, color: '#c9e8d8', maxWidth: 1050, lineHeight: 1.35 }}>
        {twin.description.length > 150 ? `${twin.description.slice(0, 147)}…` : twin.description}
      </div>
    </div>,
    { width: 1200, height: 630 },
  );
}
