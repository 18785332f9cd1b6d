/**
 * After an action whose button disappears (a booked shift leaves the board, a cancelled booking
 * moves to the past), keyboard focus would fall back to the page. Once the lists have refreshed
 * and any dialog has handed focus back, this moves it to `target()` — unless focus already sits
 * on something on the page (the dialog returned it to a button that is still there).
 */
export function focusAfterUpdate(target: () => HTMLElement | null | undefined): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    target()?.focus();
  }, 50);
}
