import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the highest levels:
 * done once here, the server (@fastify/static preCompressed) sends them without compressing per request.
 * index.html is left out because the server fills in the runtime configuration when it starts.
 */
export function precompress(): Plugin {
  return {
    name: 'referrals-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const assets = Object.keys(bundle).filter((file) => /\.(js|css|svg|json|txt)$/.test(file));
      await Promise.all(
        assets.map(async (file) => {
          const target = path.join(dir, file);
          const source = await readFile(target);
          // Below about a kilobyte the headers outweigh what compression saves.
          if (source.length < 1024) return;
          await writeFile(
            `${target}.br`,
            await brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          );
          await writeFile(`${target}.gz`, await gzipped(source, { level: 9 }));
        }),
      );
    },
  };
}
