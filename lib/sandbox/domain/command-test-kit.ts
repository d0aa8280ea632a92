// What the tests of the commands share: a world frozen deep, so that a command that wrote to the world it was given
// would throw, and the result of a command that must be carried out.
import { expect } from 'vitest';
import { execute, isCommandRefusal, type Command, type CommandDone, type CommandRefusal } from './commands';
import type { World } from './model';

/** Freezes a value and everything in it: a command that wrote to it would throw. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** The command's result, which must not be a refusal. */
export function done(result: CommandDone | CommandRefusal): CommandDone {
  if (isCommandRefusal(result)) throw new Error(result.refused);
  return result;
}

/** Refused commands, each with its refusal, leave the (frozen) world as it was, text for text. */
export function expectRefusals(world: World, now: number, refusals: [Command, CommandRefusal][]): void {
  deepFreeze(world);
  const text = JSON.stringify(world);
  for (const [command, refusal] of refusals) expect(execute(world, command, now)).toEqual(refusal);
  expect(JSON.stringify(world)).toBe(text);
}
