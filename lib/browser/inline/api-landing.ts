// The inline script at the end of the reference's markup (see landOnHash), bundled by
// scripts/build-inline-scripts.ts. It reads the published anchor aliases from its own tag's `data-aliases`.
import { landOnHash } from '../api-reference/land';

const aliases: unknown = JSON.parse(document.currentScript?.dataset.aliases ?? '{}');
landOnHash(
  document,
  location.hash,
  typeof aliases === 'object' && aliases !== null ? (aliases as Record<string, string>) : {},
);
