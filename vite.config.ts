import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { feeBasisPointsSetting, lateCancelMinutesSetting } from './src/shared/money/pay-terms';

/** Contact details shown on the public pages; set them when building (see README). */
const contact = {
  email: process.env.CONTACT_EMAIL || 'support@chairfill.example.com',
  phone: process.env.CONTACT_PHONE || '(555) 010-0199',
  address: process.env.CONTACT_ADDRESS || '100 Example Way, Suite 200, Tampa, FL 33602',
};

/**
 * ChairFill's fee and the late-cancellation amount for the public pricing page, from the same
 * settings the server charges by (PLATFORM_FEE_PERCENT, LATE_CANCEL_HOURS; see README).
 */
const feeBasisPoints = feeBasisPointsSetting(process.env.PLATFORM_FEE_PERCENT);
const lateCancelMinutes = lateCancelMinutesSetting(process.env.LATE_CANCEL_HOURS);
if (feeBasisPoints === null || lateCancelMinutes === null) {
  throw new Error('PLATFORM_FEE_PERCENT or LATE_CANCEL_HOURS is not valid (see README)');
}
const payTerms = { feeBasisPoints, lateCancelMinutes, lateCancelWindowHours: 24 };

/**
 * The page icon written into each page as a data URI: no request of its own on a first visit (a
 * request that would otherwise finish before a styled page's first paint and delay it on a slow
 * mobile network). public/favicon.svg stays the one source, and stays served for anything asking.
 */
function inlineFavicon(): Plugin {
  const svg = readFileSync(path.resolve(import.meta.dirname, 'public/favicon.svg'), 'utf8').trim();
  const dataUri = `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[<>#%{}]/g, encodeURIComponent)}`;
  return {
    name: 'chairfill-inline-favicon',
    transformIndexHtml: (html) => html.replace('href="/favicon.svg"', `href="${dataUri}"`),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineFavicon()],
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  define: {
    __CONTACT__: JSON.stringify(contact),
    __PAY_TERMS__: JSON.stringify(payTerms),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
