/**
 * The site's sanitised description HTML (paragraphs, lists, code, links, emphasis) as Markdown, for the
 * Markdown twins. The HTML comes from our own Markdown renderer, so this small set of elements is all.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

const decode = (text: string) => text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, name: string) => {
  if (ENTITIES[name] !== undefined) return ENTITIES[name];
  if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
  return whole;
});

export function htmlToMarkdown(html: string | undefined, siteUrl = ''): string {
  if (!html) return '';
  const absolute = (href: string) => (href.startsWith('/') ? `${siteUrl}${href}` : href);
  return decode(
    html
      .replace(/<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g, (_all, code: string) => `\n\n\`\`\`\n${code.replace(/<[^>]+>/g, '')}\n\`\`\`\n\n`)
      .replace(/<code>([\s\S]*?)<\/code>/g, (_all, code: string) => `\`${code}\``)
      .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_all, href: string, text: string) => `[${text}](${absolute(href)})`)
      .replace(/<\/?(strong|b)>/g, '**')
      .replace(/<\/?(em|i)>/g, '_')
      .replace(/<li>/g, '\n- ')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<\/(p|ul|ol|h\d|blockquote)>/g, '\n\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
