/**
 * Shown while a page's code or the first session check is loading: the spinner and its text.
 * The app shell (app.html) holds it too, so a portal page's first paint already has text (its
 * First Contentful Paint) while the app's code loads; the app's first render puts the same
 * indicator in its place, then the page, so nothing moves.
 */
export function PageLoading() {
  return (
    <div
      className="flex min-h-[50vh] items-center justify-center gap-3"
      role="status"
      aria-live="polite"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="text-slate-700">Loading…</span>
    </div>
  );
}
