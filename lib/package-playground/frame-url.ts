/** Where the build writes the preview frame, under `public/`; the page loads it from the same path. */
export const FRAME_DIR = 'generated/package-playground';

/** The frame's document, relative to the site's root. */
export const FRAME_PATH = `${FRAME_DIR}/frame.html`;

/** frame.html names its compiler script (relative to the frame) in a `<meta>` of this name; it loads on demand. */
export const COMPILER_META = 'kilowise-compiler';
