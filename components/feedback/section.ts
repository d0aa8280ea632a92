// The section a reader is in when they vote, by its anchor: the one the address names (a link or a search
// brought them there), else the last heading above the middle of the window.

const HEADINGS = 'main .markdown h2[id], main .markdown h3[id]';

export function currentSection(): string | null {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash && /^[\w/.:-]{1,200}$/.test(hash) && document.getElementById(hash)) return hash;
  let section: string | null = null;
  for (const heading of document.querySelectorAll<HTMLElement>(HEADINGS)) {
    if (heading.getBoundingClientRect().top > innerHeight / 2) break;
    section = heading.id;
  }
  return section && /^[\w/.:-]{1,200}$/.test(section) ? section : null;
}
