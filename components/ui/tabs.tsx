import type { KeyboardEvent, ReactNode } from 'react';

/** One tab: its label, its panel, and (for a request sample) the language it shows. */
export interface TabItem {
  label: string;
  content: ReactNode;
  language?: string;
}

/**
 * Where a key moves the selection among `count` tabs, by the WAI-ARIA tabs pattern (arrows wrap, Home and End go
 * to the ends); undefined for any other key. The guides' and playground's tabs (React) and the reference's
 * build-time tabs (one delegated listener) both move by it.
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The markup and ARIA of every tab set of the site: a tablist of buttons, then one panel per tab, every panel in
 * the HTML (for search engines and print), the unselected ones hidden. The guides' and playground's `Tabs` render it
 * with React's handlers; the reference's `StaticTabs` render it at build time (`isStatic`), for its delegated
 * listener to switch.
 */
export function TabsMarkup({
  idPrefix,
  tabs,
  selected,
  isStatic = false,
  onSelect,
}: {
  idPrefix: string;
  tabs: readonly TabItem[];
  selected: number;
  isStatic?: boolean;
  /** The index of the tab the reader picked (by click, or by key with `focus`). */
  onSelect?: (index: number, focus: boolean) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(event.key, index, tabs.length);
    if (next === undefined || !onSelect) return;
    event.preventDefault();
    onSelect(next, true);
  };
  return (
    <div className="tabs" data-static-tabs={isStatic ? '' : undefined}>
      <div className="tabs__list" role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            id={`${idPrefix}-tab-${index}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${idPrefix}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            data-language={tab.language}
            onClick={onSelect ? () => onSelect(index, false) : undefined}
            onKeyDown={onSelect ? (event) => onKeyDown(event, index) : undefined}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          id={`${idPrefix}-panel-${index}`}
          role="tabpanel"
          className="tabs__panel"
          aria-labelledby={`${idPrefix}-tab-${index}`}
          hidden={index !== selected}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
