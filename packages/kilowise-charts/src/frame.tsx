import type { CSSProperties, ReactNode } from 'react';
import type { HourPoint } from './series';

/** The drawing's width in SVG units; the chart scales to its container's width and keeps its height. */
export const VIEW_WIDTH = 720;
const PLOT = { left: 64, right: 8, top: 18, bottom: 28 };

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A linear scale from [min, max] (always including 0) onto the plot's height. */
export function valueScale(values: readonly number[], height: number) {
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values, min + 1e-9);
  const top = PLOT.top;
  const bottom = height - PLOT.bottom;
  const y = (value: number) => bottom - ((value - min) / (max - min)) * (bottom - top);
  return { min, max, y, zero: y(0) };
}

/** Where each hour's slot is on the x axis, and its bar within it (70% of the slot, centred). */
export function hourSlots(count: number) {
  const width = (VIEW_WIDTH - PLOT.left - PLOT.right) / Math.max(count, 1);
  const x = (index: number) => PLOT.left + index * width;
  return { width, x, bar: (index: number) => ({ x: x(index) + width * 0.15, width: width * 0.7 }) };
}

interface ChartFrameProps {
  /** The accessible name: `Spot prices, SE3`. */
  name: string;
  /** One sentence for screen readers: the range and the extremes. */
  description: string;
  points: readonly HourPoint[];
  height: number;
  className?: string;
  /** The y axis: the lowest, middle and highest values as numbers, and their unit, written once above. */
  axis: [string, string, string];
  axisUnit: string;
  /** The hidden table's columns after the hour, and each row's cells. */
  columns: readonly string[];
  cells: (point: HourPoint, index: number) => readonly string[];
  /** Shown instead of a drawing when there is nothing to draw. */
  empty: string;
  /** The marks: bars, lines, patterns. */
  children: ReactNode;
  idPrefix: string;
}

/**
 * What both charts share: a box of fixed height (no layout shift when it renders on the server), an
 * `<svg role="img">` named and described, hour labels, and a visually hidden table of every value that
 * screen readers reach.
 */
export function ChartFrame({
  name,
  description,
  points,
  height,
  className,
  axis,
  axisUnit,
  columns,
  cells,
  empty,
  children,
  idPrefix,
}: ChartFrameProps) {
  const style: CSSProperties = { position: 'relative', minHeight: height };
  if (points.length === 0) {
    return (
      <div
        className={['kw-chart', 'kw-chart--empty', className].filter(Boolean).join(' ')}
        style={style}
        role="group"
        aria-label={name}
      >
        <p className="kw-chart__empty">{empty}</p>
      </div>
    );
  }
  const slots = hourSlots(points.length);
  const labelEvery = Math.ceil(points.length / 12);
  const titleId = `${idPrefix}-title`;
  const descId = `${idPrefix}-desc`;
  return (
    <div className={['kw-chart', className].filter(Boolean).join(' ')} style={style}>
      <svg
        viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
      >
        <title id={titleId}>{name}</title>
        <desc id={descId}>{description}</desc>
        <g fontSize="12" fill="currentColor" textAnchor="end">
          <text x={PLOT.left - 8} y={PLOT.top - 2} fontWeight="600">
            {axisUnit}
          </text>
          <text x={PLOT.left - 8} y={PLOT.top + 12}>
            {axis[2]}
          </text>
          <text x={PLOT.left - 8} y={(height - PLOT.bottom + PLOT.top) / 2 + 4}>
            {axis[1]}
          </text>
          <text x={PLOT.left - 8} y={height - PLOT.bottom}>
            {axis[0]}
          </text>
        </g>
        {children}
        <g fontSize="12" fill="currentColor" textAnchor="middle">
          {points.map((point, index) =>
            index % labelEvery === 0 ? (
              <text key={point.time} x={slots.x(index) + slots.width / 2} y={height - 8}>
                {point.label}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      <table style={visuallyHidden}>
        <caption>{name}</caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={point.time}>
              <th scope="row">{point.longLabel}</th>
              {cells(point, index).map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
