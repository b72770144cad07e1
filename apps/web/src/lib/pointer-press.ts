/**
 * A pointer press in progress: from `pointerdown` until the click that completes it has been
 * handled. Pressing a button first moves the focus, so the field being left is blurred while the
 * pointer is still down; if the field's message appeared then, it would push the button from
 * under the pointer and the click would land on nothing. Work that may move the page on blur
 * waits for the press to end instead (`afterPointerPress`), and runs right after its click.
 *
 * Keyboard use has no press: its blurs are handled at once.
 */

/** A press whose release brings no click (the pointer was dragged away) ends this long after. */
export const PRESS_WITHOUT_CLICK_MS = 300;

let pressing = false;
let waiting: (() => void)[] = [];
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
let installed = false;

function endPress() {
  clearTimeout(releaseTimer);
  pressing = false;
  const work = waiting;
  waiting = [];
  for (const run of work) run();
}

/**
 * Starts following pointer presses (once per page). Called by the form hook as a form renders,
 * so it is in place before any press on that form.
 */
export function trackPointerPresses() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  // Capture phase on the window: seen before any handler of the page can stop it.
  window.addEventListener(
    'pointerdown',
    () => {
      clearTimeout(releaseTimer);
      pressing = true;
    },
    true,
  );
  const released = () => {
    clearTimeout(releaseTimer);
    releaseTimer = setTimeout(endPress, PRESS_WITHOUT_CLICK_MS);
  };
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
  // The click completing the press: the waiting work runs once every click handler has run.
  window.addEventListener(
    'click',
    () => {
      if (!pressing) return;
      clearTimeout(releaseTimer);
      releaseTimer = setTimeout(endPress, 0);
    },
    true,
  );
}

/** Whether a pointer press is in progress. */
export const isPointerPressed = () => pressing;

/** Runs `work` now, or, during a pointer press, right after the click that ends it. */
export function afterPointerPress(work: () => void) {
  if (pressing) waiting.push(work);
  else work();
}
