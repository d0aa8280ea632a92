// The inline <head> script of every page with an announcement bar (see applyStoredDismissal), bundled by
// scripts/build-inline-scripts.ts. It reads the bar's id from its own tag's `data-bar-id`.
import { applyStoredDismissal } from '../announcement';

const barId = document.currentScript?.dataset.barId;
if (barId !== undefined) {
  // Reading window.localStorage itself throws where storage is blocked: inside, so that it is caught.
  applyStoredDismissal(barId, {
    get localStorage() {
      return window.localStorage;
    },
    root: document.documentElement,
    console,
  });
}
