import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { CLOCK_PATH, DEVICE_CONTROL_PREFIX } from '@/lib/sandbox/control-names';
import type { ControlAnswer, SandboxControl } from '@/lib/browser/playground/sandbox-runtime';

/** A device's simulated state, as `GET /__sandbox/devices/{deviceId}` answers it (lib/sandbox/domain/status.ts). */
export interface DeviceState {
  deviceId: string;
  type: string;
  pluggedIn: boolean;
  locationId?: string;
  soc: number;
  online: boolean;
  fault: string | null;
  chargingPowerKw: number;
  batteryCapacityKwh: number;
  rangeKm: number;
  status?: string;
  activeSessionId?: string;
}

/** What a device control changes: the fields of `PATCH /__sandbox/devices/{deviceId}` the panel sets. */
export type DeviceChange = Partial<Pick<DeviceState, 'pluggedIn' | 'soc' | 'online' | 'fault'>>;

/** What the panel last read: the clock, and the device `deviceId` names, or why there is none (a 404's message). */
interface View {
  now?: string;
  deviceId?: string;
  device?: DeviceState;
  problem?: string;
}

/** The last control's outcome, for the panel's live region. */
export interface ControlMessage {
  text: string;
  failed: boolean;
}

/** The pause before the panel reads the sandbox again: typing a deviceId reads (and announces) once, not per key. */
const READ_DELAY_MS = 200;

/** An ISO time as the panel shows it: `2025-03-15 10:00 UTC`, with the seconds when there are any. */
export function readableTime(iso: string): string {
  const seconds = iso.slice(17, 19);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds && seconds !== '00' ? `:${seconds}` : ''} UTC`;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function messageOf(answer: ControlAnswer): string {
  const body = answer.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : `The sandbox answered ${answer.status}.`;
}

const devicePath = (deviceId: string) => `${DEVICE_CONTROL_PREFIX}${encodeURIComponent(deviceId)}`;

async function readView(control: SandboxControl, deviceId: string | undefined): Promise<View> {
  try {
    const clock = await control('GET', CLOCK_PATH);
    const now = clock.status === 200 ? (clock.body as { now: string }).now : undefined;
    if (!deviceId) return { now };
    const device = await control('GET', devicePath(deviceId));
    return device.status === 200
      ? { now, deviceId, device: device.body as DeviceState }
      : { now, deviceId, problem: messageOf(device) };
  } catch (error) {
    return { deviceId, problem: `The sandbox could not answer: ${reasonOf(error)}` };
  }
}

/** What a device change did, in words: `dev-5b1f0c unplugged: status CABLE_UNPLUGGED.` */
function describeChange(change: DeviceChange, state: DeviceState): string {
  const parts: string[] = [];
  if (change.pluggedIn !== undefined) parts.push(change.pluggedIn ? 'plugged in' : 'unplugged');
  if (change.soc !== undefined) parts.push(`state of charge set to ${state.soc} %`);
  if (change.online !== undefined) parts.push(change.online ? 'online' : 'offline');
  if (change.fault !== undefined) parts.push(change.fault ? `fault ${change.fault} raised` : 'fault cleared');
  return `${state.deviceId} ${parts.join(', ')}${state.status ? `: status ${state.status}` : ''}.`;
}

/**
 * The panel's view of the sandbox, read again (after READ_DELAY_MS) whenever the control, the deviceId or `version`
 * changes; a read that a newer one overtook is dropped.
 */
function useSandboxView(control: SandboxControl | undefined, deviceId: string | undefined, version: number) {
  const [view, setView] = useState<View>({});
  useEffect(() => {
    if (!control) return;
    let wanted = true;
    const timer = window.setTimeout(() => {
      void readView(control, deviceId).then((next) => {
        if (wanted) setView(next);
      });
    }, READ_DELAY_MS);
    return () => {
      wanted = false;
      window.clearTimeout(timer);
    };
  }, [control, deviceId, version]);
  return [view, setView] as const;
}

/** Where a control's outcome goes: the panel's view and its live region. */
interface ControlPanel {
  control: SandboxControl | undefined;
  setView: Dispatch<SetStateAction<View>>;
  setMessage: (message: ControlMessage) => void;
}

/** Sends one control; on success `done` says what changed and what the panel shows now. */
async function sendControl(
  { control, setView, setMessage }: ControlPanel,
  method: string,
  path: string,
  body: unknown,
  done: (answer: unknown) => [string, View],
): Promise<boolean> {
  if (!control) return false;
  try {
    const answer = await control(method, path, body);
    if (answer.status >= 400) {
      setMessage({ text: messageOf(answer), failed: true });
      return false;
    }
    const [text, shown] = done(answer.body);
    setView((previous) => ({ ...previous, ...shown }));
    setMessage({ text, failed: false });
    return true;
  } catch (error) {
    setMessage({ text: `The sandbox could not answer: ${reasonOf(error)}`, failed: true });
    return false;
  }
}

/**
 * The Sandbox controls panel's state: the sandbox clock and the simulated state of the device `deviceId` names,
 * read again whenever `version` changes (a request answered, a control, a reset), and the actions that move the clock
 * and change the device, each saying what it changed in `message`.
 */
export function useSandboxControls(control: SandboxControl | undefined, deviceId: string | undefined, version: number) {
  const [view, setView] = useSandboxView(control, deviceId, version);
  const [message, setMessage] = useState<ControlMessage>();

  const current = deviceId && view.deviceId === deviceId ? view : undefined;

  const act = (method: string, path: string, body: unknown, done: (answer: unknown) => [string, View]) =>
    sendControl({ control, setView, setMessage }, method, path, body, done);

  const clockAnswer = (verb: string) => (answer: unknown) => {
    const now = (answer as { now: string }).now;
    return [`Clock ${verb} ${readableTime(now)}.`, { now }] as [string, View];
  };

  /** Changes the device: a switch or the fault shows its new value at once, and the sandbox's answer replaces it. */
  function changeDevice(change: DeviceChange) {
    const device = current?.device;
    if (!deviceId || !device) return Promise.resolve(false);
    if (change.soc === undefined)
      setView((previous) =>
        previous.deviceId === deviceId && previous.device
          ? { ...previous, device: { ...previous.device, ...change } }
          : previous,
      );
    return act('PATCH', devicePath(deviceId), change, (answer) => {
      const state = answer as DeviceState;
      return [describeChange(change, state), { deviceId, device: state, problem: undefined }];
    }).then((changed) => {
      // Refused: show the device as it was.
      if (!changed) setView((previous) => (previous.deviceId === deviceId ? { ...previous, device } : previous));
      return changed;
    });
  }

  return {
    now: view.now,
    /** The device's state, once read for the deviceId the form holds now. */
    device: current?.device,
    /** Why the device has no state: the sandbox's message (a 404 for an unknown device). */
    problem: current?.problem,
    message,
    /** Moves the clock by an ISO 8601 duration. */
    moveClock: (duration: string) => act('POST', CLOCK_PATH, { advance: duration }, clockAnswer('moved to')),
    /** Sets the clock to a datetime-local value (`2025-03-15T10:00`), read as UTC. */
    setClock(local: string) {
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(local)) {
        setMessage({ text: 'Enter a date and time to set the clock to.', failed: true });
        return Promise.resolve(false);
      }
      return act('POST', CLOCK_PATH, { now: `${local}Z` }, clockAnswer('set to'));
    },
    changeDevice,
    /** Sets the state of charge from the field's text. */
    setSoc(text: string) {
      const soc = Number(text);
      if (text.trim() === '' || !Number.isFinite(soc)) {
        setMessage({ text: 'Enter a state of charge from 0 to 100.', failed: true });
        return Promise.resolve(false);
      }
      return changeDevice({ soc });
    },
  };
}
