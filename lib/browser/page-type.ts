import { PAGE_TYPE_CLASS_NAMES, type PageType } from '../site/page-types';

/** Whether a value (a data attribute's) names a page type. */
export const isPageType = (value: string | undefined): value is PageType =>
  value !== undefined && Object.hasOwn(PAGE_TYPE_CLASS_NAMES, value);

/** Puts `type`'s class on <html>, and no other page type's. */
export function applyPageTypeClass(html: Pick<Element, 'classList'>, type: PageType): void {
  html.classList.remove(...Object.values(PAGE_TYPE_CLASS_NAMES));
  html.classList.add(PAGE_TYPE_CLASS_NAMES[type]);
}
