import { getMDXComponent } from 'next-contentlayer2/hooks';
import { createElement, type ReactElement } from 'react';
import { mdxComponents } from './index';

type MdxComponent = ReturnType<typeof getMDXComponent>;

// Each page's compiled MDX is evaluated once per server process, not on every render.
const compiled = new Map<string, MdxComponent>();

/** Renders a page body compiled by contentlayer, with the site's MDX components. Server only. */
export function renderMdx(code: string): ReactElement {
  let component = compiled.get(code);
  if (!component) {
    component = getMDXComponent(code);
    compiled.set(code, component);
  }
  return createElement(component, { components: mdxComponents });
}
