// The preview frame's compiler, a script of its own (scripts/build-playground-frame.ts): the browser runs it
// in a task apart from the frame's runtime, so neither is one long task, and the runtime waits for it.
import { transform } from 'sucrase';

declare global {
  var kilowiseCompile: typeof transform | undefined;
}

globalThis.kilowiseCompile = transform;
window.dispatchEvent(new Event('kilowise-compiler'));
