import { TabsMarkup, type TabItem } from '@/components/ui/tabs';

/**
 * Tabs in build-time HTML: the site's one tabs markup (components/ui/tabs.tsx), with ids from `idPrefix` (unique per
 * operation), switched by the reference's one delegated listener (ApiInteractions). A tab with a `language` is a
 * request sample's: picking it picks that language on every operation.
 */
export function StaticTabs({ idPrefix, tabs }: { idPrefix: string; tabs: readonly TabItem[] }) {
  return <TabsMarkup idPrefix={idPrefix} tabs={tabs} selected={0} isStatic />;
}
