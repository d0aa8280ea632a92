import { useId } from 'react';
import { ChartFrame, hourSlots, valueScale } from './frame';
import { cheapestHours, formatPrice, formatPriceNumber, hourlySeries, presentValues, type PriceUnit } from './series';

/**
 * The props of SpotPriceChart.
 *
 * @example
 * ```tsx
 * const props: SpotPriceChartProps = { prices, timeZone: 'Europe/Stockholm', unit: 'c/kWh', areaId: 'SE3' };
 * ```
 */
export interface SpotPriceChartProps {
  /** The API's spot prices: ISO 8601 hour to EUR per kWh, as `kilowise.spotPrices.get()` returns them. */
  prices: Readonly<Record<string, number>>;
  /** The IANA time zone the hours are labelled in: the location's, not the browser's. Default `UTC`. */
  timeZone?: string;
  /** `EUR/kWh` (the default) or `c/kWh`. The chart converts for display only. */
  unit?: PriceUnit;
  /** The spot price area, for the chart's accessible name (`Spot prices, SE3`). */
  areaId?: string;
  /** How many of the cheapest hours are marked with a pattern and a colour. Default 3. */
  cheapest?: number;
  /** Height in pixels; the width follows the container. Default 240. */
  height?: number;
  className?: string;
}

/**
 * Hourly spot prices as bars, the cheapest hours marked by a pattern as well as a colour, with a hidden
 * table of every hour for screen readers. Renders on the server; an hour the data lacks shows as a gap.
 *
 * @example
 * ```tsx
 * <SpotPriceChart prices={prices} timeZone="Europe/Stockholm" unit="c/kWh" areaId="SE3" height={240} />
 * ```
 */
export function SpotPriceChart({
  prices,
  timeZone = 'UTC',
  unit = 'EUR/kWh',
  areaId,
  cheapest = 3,
  height = 240,
  className,
}: SpotPriceChartProps) {
  const idPrefix = `kw-spot-${useId().replace(/[^\w-]/g, '')}`;
  const points = hourlySeries(prices, timeZone);
  const values = presentValues(points);
  const scale = valueScale(values, height);
  const slots = hourSlots(points.length);
  const cheap = cheapestHours(points, cheapest);
  const name = areaId ? `Spot prices, ${areaId}` : 'Spot prices';
  const low = values.length ? Math.min(...values) : 0;
  const high = values.length ? Math.max(...values) : 0;
  const missing = points.length - values.length;
  const description =
    `${points.length} hour${points.length === 1 ? '' : 's'} from ${points[0]?.longLabel ?? ''} (${timeZone}): ` +
    `lowest ${formatPrice(low, unit)}, highest ${formatPrice(high, unit)}` +
    (missing ? `; ${missing} hour${missing === 1 ? '' : 's'} without a price.` : '.');
  const patternId = `${idPrefix}-cheap`;
  return (
    <ChartFrame
      name={name}
      description={description}
      points={points}
      height={height}
      className={className}
      axis={[
        formatPriceNumber(scale.min, unit),
        formatPriceNumber((scale.min + scale.max) / 2, unit),
        formatPriceNumber(scale.max, unit),
      ]}
      axisUnit={unit}
      columns={['Price', 'Among the cheapest']}
      cells={(point) => [
        point.value === null ? 'no price' : formatPrice(point.value, unit),
        cheap.has(point.time) ? 'yes' : 'no',
      ]}
      empty="No spot prices for this period."
      idPrefix={idPrefix}
    >
      <defs>
        <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="var(--kw-chart-cheap, #13795b)" />
          <rect width="2" height="6" fill="var(--kw-chart-cheap-stripe, #0a4a37)" />
        </pattern>
      </defs>
      <line
        x1={slots.x(0)}
        x2={slots.x(points.length)}
        y1={scale.zero}
        y2={scale.zero}
        stroke="currentColor"
        strokeOpacity="0.4"
      />
      {points.map((point, index) => {
        if (point.value === null) return null;
        const y = scale.y(point.value);
        return (
          <rect
            key={point.time}
            className={cheap.has(point.time) ? 'kw-chart__bar kw-chart__bar--cheap' : 'kw-chart__bar'}
            {...slots.bar(index)}
            y={Math.min(y, scale.zero)}
            height={Math.max(Math.abs(scale.zero - y), 1)}
            fill={cheap.has(point.time) ? `url(#${patternId})` : 'var(--kw-chart-bar, #1f6cc2)'}
          />
        );
      })}
    </ChartFrame>
  );
}
