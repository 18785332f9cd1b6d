import { genericErrors } from '@shared/messages';

/**
 * What the page shows when React's DOM renderer (its own chunk, main.tsx) could not be fetched:
 * the network message with 'Try again' in place of the loading indicator, as a page chunk that
 * fails to load shows (lazy-chunk.tsx). Plain DOM, since React cannot render without it; 'Try
 * again' loads the page again (Chromium keeps a module that failed to load as failed for the
 * document's life).
 */
export function showRendererLoadFailed(root: HTMLElement): void {
  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.className =
    'm-4 flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800';
  const text = document.createElement('span');
  text.textContent = genericErrors.network;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again';
  retry.className =
    'rounded-md border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-100';
  retry.addEventListener('click', () => window.location.reload());
  alert.append(text, retry);
  root.replaceChildren(alert);
  retry.focus();
}
