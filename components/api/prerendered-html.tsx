/**
 * HTML rendered at build time (lib/openapi/render-fragments.tsx): schema trees and highlighted code.
 * React inserts it as is and never hydrates inside it, which keeps the large reference cheap to load.
 */
export function PrerenderedHtml({ html, what }: { html: string | undefined; what: string }) {
  if (html === undefined) throw new Error(`[openapi] the model has no rendered HTML for ${what}: run \`npm run spec:build\``);
  return <div className="api-fragment" dangerouslySetInnerHTML={{ __html: html }} />;
}
