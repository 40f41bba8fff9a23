import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two kinds of unit test: pure lib and feature code in Node (`*.test.ts`), and screens rendered with
// Testing Library in jsdom (`*.test.tsx`), talking to a fake API at the fetch boundary.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // Vitest leaves one core free by default, which on a two-core CI machine runs the files one at a time;
    // nothing else runs beside the suite, so both cores take files.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'screens',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup-dom.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
