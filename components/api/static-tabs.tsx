import type { ReactNode } from 'react';

/**
 * Tabs in build-time HTML: the same markup and ARIA as the guides' tabs, with ids from `idPrefix`
 * (unique per operation), switched by the reference's one delegated listener (ApiInteractions). A tab with a
 * `language` is a request sample's: picking it picks that language on every operation.
 */
export function StaticTabs({
  idPrefix,
  tabs,
}: {
  idPrefix: string;
  tabs: { label: string; content: ReactNode; language?: string }[];
}) {
  return (
    <div className="tabs" data-static-tabs="">
      <div className="tabs__list" role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            id={`${idPrefix}-tab-${index}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={index === 0}
            aria-controls={`${idPrefix}-panel-${index}`}
            tabIndex={index === 0 ? 0 : -1}
            data-language={tab.language}
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
          hidden={index !== 0}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
