/** Asks for `run` at a later frame; the answer cancels the request. */
export type FrameSource = (run: () => void) => () => void;

/** Without animation frames (Node, workers) a frame is about this long. */
const FRAMELESS_FRAME_MS = 16;

/**
 * The next animation frame where there are frames (the page), else about one (Node, workers). A
 * requestAnimationFrame callback runs in the task that draws the frame, with the scene's own
 * callback: work put there costs no task of its own while frames are drawn, and a visible page
 * still gets the callback when nothing draws (the camera at rest).
 */
export const nextFrame: FrameSource = (run) => {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  }
  const timer = setTimeout(run, FRAMELESS_FRAME_MS);
  return () => clearTimeout(timer);
};
