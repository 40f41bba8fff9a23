import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/reset-between-files.ts'],
    pool: 'forks',
    // Files share their worker's database (opening one costs seconds); it is emptied before each file.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
