/** How long after an action its button may still disappear (a list re-rendered in the background). */
const WATCH_MS = 3000;
const EVERY_MS = 50;

/**
 * After an action whose button disappears (a booked shift leaves the board, a cancelled booking
 * moves to the past), keyboard focus would fall back to the page. Once the lists have refreshed
 * and any dialog has handed focus back, this moves it to `target()` — unless focus already sits
 * on something on the page (the dialog returned it to a button that is still there). A list may
 * render its new answer in the background a moment later (a deferred render), so focus is watched
 * for a few seconds: if it falls back to the page meanwhile, it is moved then; once the person
 * has moved it themselves, it is left alone.
 */
export function focusAfterUpdate(target: () => HTMLElement | null | undefined): void {
  const started = performance.now();
  let held: Element | null = null;
  const check = () => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) {
      target()?.focus();
      return;
    }
    // The first check sees where the dialog or the action left focus; a later move is theirs.
    held ??= active;
    if (active !== held || performance.now() - started > WATCH_MS) return;
    window.setTimeout(check, EVERY_MS);
  };
  window.setTimeout(check, EVERY_MS);
}
