import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import {
  feeBasisPointsSetting,
  lateCancelMinutesSetting,
} from './src/shared/money/pay-terms-constants';
import { pageLoadHints } from './src/shared/page-load-hints';

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

/**
 * The entry (src/web/main.tsx) imports React's DOM renderer dynamically, to run it in a task of
 * its own; this writes a modulepreload link for its chunk (and what it imports) into the HTML, so
 * it downloads with the entry instead of after it.
 */
function preloadEntrySteps(): Plugin {
  const steps = [/node_modules[\\/]react-dom[\\/]client\.js$/];
  return {
    name: 'chairfill-preload-entry-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return html;
        const chunks = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (chunks.has(file) || !chunk || chunk.type !== 'chunk') return;
          chunks.add(file);
          for (const imported of chunk.imports) add(imported);
        };
        for (const file of entry.dynamicImports) {
          const chunk = bundle[file];
          if (
            chunk?.type === 'chunk' &&
            steps.some((step) => chunk.moduleIds.some((id) => step.test(id)))
          )
            add(file);
        }
        const links = [...chunks]
          .filter((file) => file !== entry.fileName && !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace(/\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * React's DOM renderer runs almost every function it has on the first render: V8's magic comment
 * asks Chromium (136 and later) to compile them all while the file downloads, on a background
 * thread, instead of one by one on the main thread as each is first called. Other browsers read it
 * as a comment.
 */
function compileReactDomEagerly(): Plugin {
  return {
    name: 'chairfill-compile-react-dom-eagerly',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.name === 'react-dom')
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

/**
 * What every portal page's first screen needs, as one chunk instead of some thirty small ones
 * (decision record 033): the query and toast libraries, the dialog primitives, date-fns, the
 * icons, the shared texts and constants, the UI components and every feature's API calls. Kept
 * out: what the entry itself uses (the public layout's icons, texts and helpers, which would make
 * the entry import the whole group), the forms (react-hook-form loads with the form that needs
 * it), the web-vitals reporter (loaded when the browser is idle), zod with every module that
 * needs it to run (the shared schemas, the forms' validation), and whatever no first screen runs
 * (a module no portal or section named in page-load-hints.ts imports statically: the calendar's
 * date parsing, the API calls and texts of sections not opened): they load with the section,
 * form or dialog that needs them, never before a portal page's first paint (decision record 036).
 * A shared module whose texts a first screen shows keeps them in a `-constants` file without zod.
 */
const sep = String.raw`[\\/]`;
const inEntry = new RegExp(
  `src${sep}(shared${sep}(messages|site-routes|accounts)\\.ts|web${sep}(lib${sep}(lazy-chunk|site-config|register-service-worker)|components${sep}(page-loading|error-boundary|scroll-to-top)))|lucide-react${sep}dist${sep}esm${sep}icons${sep}(menu|x|mail|phone|map-pin)\\.mjs`,
);
const loadedLater =
  /(dialog-form|form-field|address-fields|contact-fields|text-area-field|form-buttons|auth-card|server-field-errors|report-web-vitals|site-speed)/;
const portalLibraries = new RegExp(
  `node_modules${sep}(@tanstack|sonner|@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|hono|date-fns|@date-fns)${sep}|lucide-react${sep}dist${sep}esm${sep}icons${sep}`,
);
const portalCode = new RegExp(
  `src${sep}(shared${sep}|web${sep}(lib|components${sep}ui|features${sep}[^\\\\/]+${sep}api)${sep})`,
);
/** date-fns's parsing: only the calendar (its own chunk) parses dates. */
const calendarOnly = new RegExp(`node_modules${sep}date-fns${sep}parse(${sep}|\\.js$)`);
/**
 * A library module is taken by its package (the first screens import date-fns, say, through its
 * index, which names every function); the project's own code only when a first screen runs it.
 */
const portalChunk = (id: string) =>
  !inEntry.test(id) &&
  !loadedLater.test(id) &&
  ((portalLibraries.test(id) && !calendarOnly.test(id)) ||
    (portalCode.test(id) && onFirstScreen(id))) &&
  !needsZod(id);

/** The modules each module imports statically, recorded as the build parses them. */
const staticImports = new Map<string, readonly string[]>();
function recordStaticImports(): Plugin {
  return {
    name: 'chairfill-record-static-imports',
    apply: 'build',
    moduleParsed(info) {
      staticImports.set(info.id, info.importedIds);
    },
  };
}
const firstScreenModules = [...new Set(pageLoadHints.flatMap((hint) => hint.modules))].map(
  (module) => path.resolve(import.meta.dirname, module),
);
let firstScreens: Set<string> | undefined;
/** Whether a portal or section module of page-load-hints.ts imports `id` statically (or is it). */
function onFirstScreen(id: string): boolean {
  if (!firstScreens) {
    const reached = new Set(firstScreenModules);
    const queue = [...firstScreenModules];
    while (queue.length > 0) {
      for (const imported of staticImports.get(queue.pop()!) ?? []) {
        if (!reached.has(imported)) {
          reached.add(imported);
          queue.push(imported);
        }
      }
    }
    firstScreens = reached;
  }
  return firstScreens.has(id);
}
/**
 * React's DOM renderer (and its scheduler) as one chunk: the entry imports it dynamically
 * (preloadEntrySteps), the portals' code statically (portals, focus).
 */
const reactDomChunk = (id: string) =>
  new RegExp(`node_modules${sep}(react-dom|scheduler)${sep}`).test(id);

const zodModule = new RegExp(`node_modules${sep}zod${sep}`);
const needsZodCache = new Map<string, boolean>();
/** Whether running the module runs zod: it, or a module it imports statically, imports zod. */
function needsZod(id: string): boolean {
  let answer = needsZodCache.get(id);
  if (answer === undefined) {
    const seen = new Set<string>([id]);
    const queue = [id];
    answer = false;
    while (queue.length > 0 && !answer) {
      for (const imported of staticImports.get(queue.pop()!) ?? []) {
        if (zodModule.test(imported) || needsZodCache.get(imported)) answer = true;
        else if (!seen.has(imported)) {
          seen.add(imported);
          queue.push(imported);
        }
      }
    }
    needsZodCache.set(id, answer || zodModule.test(id));
    answer = needsZodCache.get(id)!;
  }
  return answer;
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    inlineFavicon(),
    recordStaticImports(),
    preloadEntrySteps(),
    compileReactDomEagerly(),
  ],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-dom', test: reactDomChunk, priority: 2 },
            { name: 'portal', test: portalChunk, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
