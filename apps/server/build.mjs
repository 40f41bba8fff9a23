// Bundles the server (and the domain package it imports) into dist/main.js; node_modules stay external.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

// Paths are relative to this package, whichever directory the build is started from.
process.chdir(import.meta.dirname);
rmSync('dist', { recursive: true, force: true });
await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['./src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The domain package is TypeScript source in the workspace; bundle it rather than leave it external.
  plugins: [
    {
      name: 'bundle-domain',
      setup(b) {
        b.onResolve({ filter: /^@referrals\/domain\// }, (args) => ({
          path: new URL(
            `../../packages/domain/src/${args.path.slice('@referrals/domain/'.length)}.ts`,
            import.meta.url,
          ).pathname,
        }));
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: dist/main.js');
