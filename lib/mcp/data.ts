import 'server-only';
import { markdownTwins, type MarkdownTwin } from '../markdown/twins';
import { getApiModel, readBuiltDocument, type ApiModel } from '../openapi';
import { getOperationContract, type OperationContract } from '../contract';
import { getRecipes } from '../recipes';
import type { Recipe } from '../recipes/document';
import { SearchEngine } from '../search/engine';
import { getSitePassages, getSiteSearchIndex } from '../search/site';
import { getSdkReferences } from '../typedoc';
import type { SdkReference } from '../typedoc/model';

/** What every tool reads: the build's own data, the same the pages render from. Nothing is fetched. */
export interface DocsData {
  search: SearchEngine;
  twins: ReadonlyMap<string, MarkdownTwin>;
  model: ApiModel;
  contract: OperationContract;
  sdk: readonly SdkReference[];
  recipes: readonly Recipe[];
  /** The OpenAPI document the site was built from, as JSON. */
  openapi: () => string;
}

let cached: DocsData | undefined;

/** A twin whose Markdown is made once, on first use: agents read the same pages again and again. */
function remembered(twin: MarkdownTwin): MarkdownTwin {
  let markdown: string | undefined;
  return { ...twin, markdown: () => (markdown ??= twin.markdown()) };
}

/** The docs data, read once per process. */
export function docsData(): DocsData {
  cached ??= {
    search: new SearchEngine(getSiteSearchIndex(), getSitePassages()),
    twins: new Map(
      markdownTwins()
        .filter((twin) => !twin.draft)
        .map((twin) => [twin.url, remembered(twin)]),
    ),
    model: getApiModel(),
    contract: getOperationContract(),
    sdk: getSdkReferences(),
    recipes: getRecipes(),
    openapi: readBuiltDocument,
  };
  return cached;
}
