/**
 * kilowise-client: the typed TypeScript client of the Kilowise partner API.
 *
 * @packageDocumentation
 */
export * from './client';
export { CHARGER_ONLINE_WINDOW_MS, isChargerOnline } from './charger-online';
export * from './enums';
export { KilowiseApiError, KilowiseUsageError } from './errors';
export type * from './types';
