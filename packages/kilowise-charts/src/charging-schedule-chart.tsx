import { useId } from 'react';
import { ChartFrame, hourSlots, valueScale } from './frame';
import { formatPrice, hourlySeries, presentValues, type PriceUnit } from './series';

/**
 * What the chart reads of a schedule: kilowise-client's `ChargingSchedule` (or a `ChargingSession`) fits.
 *
 * @example
 * ```ts
 * const schedule: ScheduleInput = await kilowise.smartCharging.getSchedule('dev-5b1f0c');
 * ```
 */
export interface ScheduleInput {
  /** Energy per hour in kWh, keyed by the start of the hour (ISO 8601). */
  hourlyCharges: Readonly<Record<string, number>>;
  /** The IANA time zone of the schedule, used for the hour labels unless `timeZone` is given. */
  timeZone?: string;
}

/**
 * The props of ChargingScheduleChart.
 *
 * @example
 * ```tsx
 * const props: ChargingScheduleChartProps = { schedule, prices, height: 200 };
 * ```
 */
export interface ChargingScheduleChartProps {
  schedule: ScheduleInput;
  /** Spot prices (ISO 8601 hour to EUR per kWh) to draw as a line over the planned energy. */
  prices?: Readonly<Record<string, number>>;
  /** Overrides the schedule's time zone for the labels. */
  timeZone?: string;
  unit?: PriceUnit;
  /** Height in pixels; the width follows the container. Default 200. */
  height?: number;
  className?: string;
}

const formatEnergy = (kwh: number) => `${kwh.toFixed(1)} kWh`;

/**
 * The energy a charging (or heating) schedule plans per hour, as bars, with the spot price of each hour as a
 * line over them, and a hidden table of both for screen readers. Renders on the server.
 *
 * @example
 * ```tsx
 * <ChargingScheduleChart schedule={schedule} prices={prices} height={200} />
 * ```
 */
export function ChargingScheduleChart({
  schedule,
  prices = {},
  timeZone,
  unit = 'EUR/kWh',
  height = 200,
  className,
}: ChargingScheduleChartProps) {
  const idPrefix = `kw-schedule-${useId().replace(/[^\w-]/g, '')}`;
  const zone = timeZone ?? schedule.timeZone ?? 'UTC';
  const points = hourlySeries(schedule.hourlyCharges, zone);
  // The prices of the schedule's hours; an hour without one is simply not in the map.
  const priceByHour = new Map(
    hourlySeries(prices, zone).flatMap((point) => (point.value === null ? [] : [[point.time, point.value] as const])),
  );
  const energy = presentValues(points);
  const scale = valueScale(energy, height);
  const priceScale = valueScale(
    points.flatMap((point) => priceByHour.get(point.time) ?? []),
    height,
  );
  const slots = hourSlots(points.length);
  const total = energy.reduce((sum, value) => sum + value, 0);
  const charging = energy.filter((value) => value > 0).length;
  const description = `${formatEnergy(total)} planned over ${charging} of ${points.length} hours from ${points[0]?.longLabel ?? ''} (${zone}).`;
  const line = points
    .flatMap((point, index) => {
      const price = priceByHour.get(point.time);
      return price === undefined ? [] : [`${slots.x(index) + slots.width / 2},${priceScale.y(price)}`];
    })
    .join(' ');
  return (
    <ChartFrame
      name="Charging schedule"
      description={description}
      points={points}
      height={height}
      className={className}
      axis={[scale.min.toFixed(1), ((scale.min + scale.max) / 2).toFixed(1), scale.max.toFixed(1)]}
      axisUnit="kWh"
      columns={['Planned energy', 'Spot price']}
      cells={(point) => {
        const price = priceByHour.get(point.time);
        return [
          point.value === null ? 'none' : formatEnergy(point.value),
          price === undefined ? 'no price' : formatPrice(price, unit),
        ];
      }}
      empty="No charging is planned yet."
      idPrefix={idPrefix}
    >
      {points.map((point, index) => {
        if (point.value === null || point.value <= 0) return null;
        const y = scale.y(point.value);
        return (
          <rect
            key={point.time}
            className="kw-chart__bar kw-chart__bar--energy"
            {...slots.bar(index)}
            y={y}
            height={Math.max(scale.zero - y, 1)}
            fill="var(--kw-chart-energy, #13795b)"
          />
        );
      })}
      {line ? (
        <polyline
          className="kw-chart__price"
          points={line}
          fill="none"
          stroke="var(--kw-chart-price, #985b00)"
          strokeWidth="2"
          strokeDasharray="6 3"
        />
      ) : null}
    </ChartFrame>
  );
}
