'use client';

import {
  Children,
  isValidElement,
  useId,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

interface TabProps {
  label: string;
  children: ReactNode;
}

/** One panel of `<Tabs>`; its `label` names the tab. */
export function Tab({ children }: TabProps) {
  return <>{children}</>;
}

/**
 * Tabbed panels, e.g. the same request in curl and TypeScript. Follows the WAI-ARIA tabs pattern:
 * arrow keys move between tabs, and every panel stays in the HTML for search engines and print.
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
  const setSelected = (index: number) => {
    setOwn(index);
    const label = tabs[index]?.props.label;
    if (label !== undefined) onSelectLabel?.(label);
  };

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setSelected(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.props.label}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.props.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.props.label}
          id={`${baseId}-panel-${index}`}
          role="tabpanel"
          className="tabs__panel"
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
        >
          {tab.props.children}
        </div>
      ))}
    </div>
  );
}
