import { deviceOf, isCommandRefusal, type Outcome } from './command-outcome';
import { WORLD_LIMITS, type World } from './model';
import { noteReport } from './reports';
import { userRecord } from './world';

/** The Wallbox account that the sandbox's Wallbox accepts (the contract's example), and no other. */
export const WALLBOX_TEST_ACCOUNT = { username: 'anna@example.com', password: 'the-users-wallbox-password' };

/** How often the sandbox lets a car's status be refreshed: once per five minutes. */
export const STATUS_UPDATE_WINDOW_MS = 5 * 60_000;

/** The commands on what a user's integrations keep: Smartcar's redirect URIs and status updates, Wallbox's account. */
export type AccountCommand =
  /** A Smartcar authorization URL made for this redirect URI, which the code Smartcar gives back is good for. */
  | { type: 'remember-redirect-uri'; redirectUri: string }
  /** A Smartcar car asked to report its state now. */
  | { type: 'request-status-update'; deviceId: string }
  /** A Wallbox account linked for a user with the credentials the user gave (only the user name is kept). */
  | { type: 'link-wallbox-account'; userId: string; username: string; password: string };

/**
 * Remembers the redirect URI, the last `WORLD_LIMITS.redirectUris` of them (one asked for again becomes the last).
 * Only remembered: a read answers the URL, and the world counts as changed no more than it did.
 */
function rememberRedirectUri(world: World, redirectUri: string): Outcome {
  const issued = (world.smartcarRedirectUris ?? []).filter((uri) => uri !== redirectUri);
  world.smartcarRedirectUris = [...issued, redirectUri].slice(-WORLD_LIMITS.redirectUris);
  return { remembersOnly: true };
}

/**
 * A Smartcar car reports at once: the status read next ("a minute later", the contract) is of now. Once per
 * `STATUS_UPDATE_WINDOW_MS`; a car linked some other way has no Smartcar status to update (404).
 */
function requestStatusUpdate(world: World, deviceId: string, now: number): Outcome {
  const car = deviceOf(world, deviceId, ['VEHICLE']);
  if (isCommandRefusal(car)) return car;
  if (car.integration !== 'SMARTCAR')
    return { refused: `Device ${car.id} is not connected through Smartcar`, notFound: true };
  if (car.statusUpdateAt !== undefined && now - car.statusUpdateAt < STATUS_UPDATE_WINDOW_MS)
    return { refused: `Too many status updates for ${car.id}; try again later`, tooSoon: true };
  car.statusUpdateAt = now;
  noteReport(car, now);
  return { device: car };
}

/** Links the Wallbox test account, the one account the sandbox's Wallbox takes, for the user (made if new). */
function linkWallboxAccount(world: World, userId: string, username: string, password: string): Outcome {
  if (username !== WALLBOX_TEST_ACCOUNT.username || password !== WALLBOX_TEST_ACCOUNT.password)
    return { refused: 'Wallbox rejected the credentials' };
  const user = userRecord(world, userId);
  if (!user) return { refused: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` };
  user.wallboxUsername = WALLBOX_TEST_ACCOUNT.username;
  return {};
}

/** Carries out an account command on the world (the copy `execute` gives it). */
export function carryOutAccountCommand(world: World, command: AccountCommand, now: number): Outcome {
  switch (command.type) {
    case 'remember-redirect-uri':
      return rememberRedirectUri(world, command.redirectUri);
    case 'request-status-update':
      return requestStatusUpdate(world, command.deviceId, now);
    case 'link-wallbox-account':
      return linkWallboxAccount(world, command.userId, command.username, command.password);
  }
}
