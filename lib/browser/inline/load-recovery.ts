// The inline <head> script of every page (see installLoadRecovery), bundled by scripts/build-inline-scripts.ts.
import { RELOAD_GUARD_KEY, installLoadRecovery } from '../load-recovery';

installLoadRecovery(window, RELOAD_GUARD_KEY);
