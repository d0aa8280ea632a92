import { chargingHandlers } from './charging';
import type { Handler } from './context';
import { deviceHandlers } from './devices';
import { heatingHandlers } from './heating';
import { integrationHandlers } from './integrations';
import { locationHandlers } from './locations';
import { priceHandlers } from './prices';

/** Every operation of the Kilowise contract, by operationId: each translates a request into the simulation. */
export const HANDLERS: Readonly<Record<string, Handler>> = Object.freeze(
  Object.assign(
    Object.create(null) as Record<string, Handler>,
    locationHandlers,
    deviceHandlers,
    chargingHandlers,
    heatingHandlers,
    integrationHandlers,
    priceHandlers,
  ),
);

export type { Answer, Handler, HandlerContext } from './context';
export { SIGN_IN_PATH } from './integrations';
