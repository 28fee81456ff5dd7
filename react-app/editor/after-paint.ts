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
