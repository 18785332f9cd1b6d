import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LoadedScript } from './lighthouse';

const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

export interface ScriptSize {
  /** Path on the site, e.g. /assets/index-abc123.js. */
  path: string;
  gzipBytes: number;
  transferBytes: number;
}

export interface FirstLoadJs {
  /** Gzip (level 9, as the build precompresses them) of every script the page loaded. */
  gzipBytes: number;
  /** As served to Chromium (Brotli), from Lighthouse's network log. */
  transferBytes: number;
  scripts: ScriptSize[];
}

/** The gzip size of one built file: its precompressed .gz copy, or gzip level 9 of it. */
function gzipSizeOf(file: string): number {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The JavaScript a page really loaded (Lighthouse's network requests), sized as gzip from the
 * built files. Scripts from elsewhere than the product's own origin are counted as transferred.
 */
export function firstLoadJs(pageUrl: string, scripts: LoadedScript[]): FirstLoadJs {
  const origin = new URL(pageUrl).origin;
  const sizes = scripts.map((script): ScriptSize => {
    const url = new URL(script.url);
    const file = path.join(clientDir, decodeURIComponent(url.pathname));
    const own = url.origin === origin && file.startsWith(clientDir) && existsSync(file);
    return {
      path: url.origin === origin ? url.pathname : script.url,
      gzipBytes: own ? gzipSizeOf(file) : script.transferBytes,
      transferBytes: script.transferBytes,
    };
  });
  sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    gzipBytes: sizes.reduce((sum, s) => sum + s.gzipBytes, 0),
    transferBytes: sizes.reduce((sum, s) => sum + s.transferBytes, 0),
    scripts: sizes,
  };
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
