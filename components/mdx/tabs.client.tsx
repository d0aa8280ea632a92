'use client';

import { Children, isValidElement, useId, useState, type ReactElement, type ReactNode } from 'react';
import { TabsMarkup } from '@/components/ui/tabs';

interface TabProps {
  label: string;
  children: ReactNode;
}

/** One panel of `<Tabs>`; its `label` names the tab. */
export function Tab({ children }: TabProps) {
  return <>{children}</>;
}

/**
 * Tabbed panels, e.g. the same request in curl and TypeScript: the site's one tabs markup (components/ui/tabs.tsx),
 * selected by React. Arrow keys, Home and End move between tabs; every panel stays in the HTML for search engines
 * and print.
 */
export function Tabs({
  children,
  selectedLabel,
  onSelectLabel,
}: {
  children: ReactNode;
  /** Makes the tabs controlled: the tab with this label is selected (the first when none has it). */
  selectedLabel?: string;
  /** Called with the label of the tab the reader picks. */
  onSelectLabel?: (label: string) => void;
}) {
  const tabs = Children.toArray(children).filter((child): child is ReactElement<TabProps> => isValidElement(child));
  const [own, setOwn] = useState(0);
  const baseId = useId();
  const controlled = selectedLabel === undefined ? -1 : tabs.findIndex((tab) => tab.props.label === selectedLabel);
  const selected = selectedLabel === undefined ? own : Math.max(controlled, 0);
  const select = (index: number, focus: boolean) => {
    setOwn(index);
    const label = tabs[index]?.props.label;
    if (label !== undefined) onSelectLabel?.(label);
    if (focus) document.getElementById(`${baseId}-tab-${index}`)?.focus();
  };
  return (
    <TabsMarkup
      idPrefix={baseId}
      tabs={tabs.map((tab) => ({ label: tab.props.label, content: tab.props.children }))}
      selected={selected}
      onSelect={select}
    />
  );
}
