import type { Root } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { SKIP, visit } from 'unist-util-visit';
import { parseEndpointMention } from '../openapi/endpoints';

/** The MDX component an endpoint named in inline code becomes (see `components/mdx/api-endpoint.tsx`). */
export const API_ENDPOINT_COMPONENT = 'ApiEndpoint';

/**
 * Inline code that names an endpoint (`GET /v2/kilowise/countries`) becomes `<ApiEndpoint>` around the
 * same code, so the page links it to its operation on `/api`. Which operation is decided when the page
 * renders, from the API model the site is built with: this step needs no model, so contentlayer's cache
 * stays valid whichever document is built.
 */
export function remarkEndpointLinks() {
  return (tree: Root) => {
    visit(tree, 'inlineCode', (node, index, parent) => {
      if (!parent || index === undefined || parent.type === 'link') return;
      const mention = parseEndpointMention(node.value);
      if (!mention) return;
      const element: MdxJsxTextElement = {
        type: 'mdxJsxTextElement',
        name: API_ENDPOINT_COMPONENT,
        attributes: [
          { type: 'mdxJsxAttribute', name: 'method', value: mention.method },
          { type: 'mdxJsxAttribute', name: 'path', value: mention.path },
        ],
        children: [node],
      };
      parent.children[index] = element;
      return SKIP;
    });
  };
}
