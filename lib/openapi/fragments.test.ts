import { describe, expect, it } from 'vitest';
import {
  anchorIndexPath,
  chunkPath,
  detailFragmentPath,
  FRAGMENTS_BASE,
  referenceFragmentPath,
  sampleFragmentPath,
} from './fragments';

describe('the URLs of the reference’s build-time HTML', () => {
  const root = `${FRAGMENTS_BASE}/3f2a9c`;

  it('are served from /generated/api/{build}', () => {
    expect(root).toBe('/generated/api/3f2a9c');
  });

  it('name a schema tree, a tag’s samples, a chunk, the whole reference and the anchor index', () => {
    expect(detailFragmentPath(root, 'schema', 'schema-Location')).toBe(
      '/generated/api/3f2a9c/schema/schema-Location.html',
    );
    expect(sampleFragmentPath(root, 'python', 'ev-smart-charging')).toBe(
      '/generated/api/3f2a9c/samples/python/ev-smart-charging.html',
    );
    expect(chunkPath(root, 7)).toBe('/generated/api/3f2a9c/chunk/7.html.gz');
    expect(referenceFragmentPath(root)).toBe('/generated/api/3f2a9c/reference.html');
    expect(anchorIndexPath(root)).toBe('/generated/api/3f2a9c/anchors.json');
  });

  it('encode what an id, a language or a tag may hold that a path may not', () => {
    expect(detailFragmentPath(root, 'schema', 'schema-a/b c')).toBe(
      '/generated/api/3f2a9c/schema/schema-a%2Fb%20c.html',
    );
    expect(sampleFragmentPath(root, 'c#', 'tag/one')).toBe('/generated/api/3f2a9c/samples/c%23/tag%2Fone.html');
  });
});
