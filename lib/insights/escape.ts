/** Text made safe for HTML and SVG, in content and in quoted attributes: comments are readers' text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
