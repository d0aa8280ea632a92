// The preview frame's compiler, a script of its own (scripts/build-playground-frame.ts). The runtime adds it to
// the frame only when it has code to compile (run-code.ts, compilerReady): an example's own code comes compiled
// from the page. The browser runs it in a task apart from the runtime's, so neither is one long task.
import { transform } from 'sucrase';

declare global {
  var kilowiseCompile: typeof transform | undefined;
}

globalThis.kilowiseCompile = transform;
window.dispatchEvent(new Event('kilowise-compiler'));
