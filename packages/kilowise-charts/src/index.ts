/**
 * kilowise-charts: React charts of Kilowise data, hourly spot prices and charging schedules, as accessible
 * SVG that renders on the server.
 *
 * @packageDocumentation
 */
export { ChargingScheduleChart, type ChargingScheduleChartProps, type ScheduleInput } from './charging-schedule-chart';
export { formatPrice, hourlySeries, type HourPoint, type PriceUnit } from './series';
export { SpotPriceChart, type SpotPriceChartProps } from './spot-price-chart';
