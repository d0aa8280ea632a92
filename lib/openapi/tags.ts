import type { ApiModel, ApiTag } from './model';

/** A tag's label: its OpenAPI 3.2 `summary`, else its name. */
export const tagLabel = (tag: ApiTag) => tag.label ?? tag.name;

/** The tag's parents in the model, outermost first (3.2 `parent`; the build has refused cycles). */
export function tagAncestors(model: Pick<ApiModel, 'tags'>, tag: ApiTag): ApiTag[] {
  const parent = tag.parent === undefined ? undefined : model.tags.find((candidate) => candidate.name === tag.parent);
  return parent ? [...tagAncestors(model, parent), parent] : [];
}
