import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@server': path.resolve(import.meta.dirname, 'src/server'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker loads the server's modules once for all its files, not once per file (the
    // imports alone took about 440 s of the PGlite run's 19 minutes). Tests share no module state:
    // every file starts its own server over its own database.
    isolate: false,
    maxWorkers: 2,
  },
});
