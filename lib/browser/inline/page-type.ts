// The inline script of each page that puts its page-type class on <html> while the HTML is parsed (see
// applyPageTypeClass), bundled by scripts/build-inline-scripts.ts. It reads the type from its tag's `data-page-type`.
import { applyPageTypeClass, isPageType } from '../page-type';

const type = document.currentScript?.dataset.pageType;
if (isPageType(type)) applyPageTypeClass(document.documentElement, type);
