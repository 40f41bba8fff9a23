import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside the text assets of the build, at the highest levels:
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
          // The many small chunks of a route-split build are on every first screen too: a 900-byte chunk
          // loses about half its bytes, far more than the Content-Encoding header adds. Below 256 bytes,
          // and wherever a copy would not be smaller, the file is sent as it is.
          if (source.length < 256) return;
          const copies: [string, Buffer][] = [
            [
              `${target}.br`,
              await brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ],
            [`${target}.gz`, await gzipped(source, { level: 9 })],
          ];
          for (const [name, bytes] of copies) if (bytes.length < source.length) await writeFile(name, bytes);
        }),
      );
    },
  };
}
