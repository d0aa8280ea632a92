/** Where the build writes the preview frame, under `public/`; the page loads it from the same path. */
export const FRAME_DIR = 'generated/package-playground';

/** The frame's document, relative to the site's root. */
export const FRAME_PATH = `${FRAME_DIR}/frame.html`;
