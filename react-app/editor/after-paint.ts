// Work that must not delay a key's own frame (docs/editor.md, "Typing responsiveness"): run in the task after the
// next frame is painted. A frame's animation-frame callbacks run before its style, layout and paint, so the work is
// posted from there as a task of its own; React's scheduler alone would often run it before that frame.

/** Runs `fn` once, after the next frame has been painted, or after `fallbackMs` when no frame comes (a hidden tab). */
export function afterNextPaint(fn: () => void, fallbackMs = 100): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(run, fallbackMs);
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Lays out the editor's document and its same-origin frames (the canvas) now. Called at the end of the update run
 * after a key's paint: the style and layout of what that update changed (the canvas's element, the navigator's
 * row) are done in its own task, before the next key, instead of in the next key's handlers (a field's editing
 * needs a clean layout) and frame (docs/editor.md, "Typing responsiveness"). Nothing to do costs nothing.
 */
export function layoutNow(win: Window = window): void {
  void win.document.documentElement.offsetWidth;
  for (let i = 0; i < win.frames.length; i++) {
    try {
      void win.frames[i].document.documentElement.offsetWidth;
    } catch {
      // another site's frame: not ours to lay out
    }
  }
}
