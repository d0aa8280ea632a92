import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroll box. It takes keyboard focus, so a reader without a mouse can scroll it
 * with the arrow keys.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0}>
      {children}
    </div>
  );
}
