/** The kinds of change a changelog lists (Keep a Changelog's), in the order a release shows them: the API's and the SDK's. */
export const CHANGE_KINDS = ['added', 'changed', 'deprecated', 'removed', 'fixed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Each kind as a reader sees it, on the pages and in their Markdown twins. */
export const CHANGE_KIND_LABELS: Readonly<Record<ChangeKind, string>> = {
  added: 'Added',
  changed: 'Changed',
  deprecated: 'Deprecated',
  removed: 'Removed',
  fixed: 'Fixed',
};
