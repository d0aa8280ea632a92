import type { ReactNode } from 'react';

const TITLES = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' } as const;

export type AdmonitionType = keyof typeof TITLES;

/** A call-out box: `<Admonition type="warning" title="Optional title">…</Admonition>`. */
export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: AdmonitionType;
  title?: string;
  children: ReactNode;
}) {
  const kind = type in TITLES ? type : 'note';
  return (
    <aside className={`admonition admonition--${kind}`} aria-label={title ?? TITLES[kind]}>
      <p className="admonition__title">{title ?? TITLES[kind]}</p>
      <div className="admonition__body">{children}</div>
    </aside>
  );
}
