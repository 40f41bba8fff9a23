import { ConfigError, loadConfig } from '../../config.ts';
import { bucketStorage, checkBucket } from './bucket-storage.ts';
import { diskStorage } from './disk-storage.ts';
import { MoveError, moveStoredFiles } from './move-stored-files.ts';

const USAGE =
  'Usage: npm run files:move -- to-bucket | to-disk [--keep]\n' +
  '  to-bucket  moves DATA_DIR/uploads into the bucket of FILES_BUCKET\n' +
  '  to-disk    moves the bucket of FILES_BUCKET into DATA_DIR/uploads\n' +
  '  --keep     copies and verifies, and leaves the source as it was';

/**
 * `npm run files:move`: an installation's stored files from the disk to a bucket, or back (docs/deploy.md,
 * Files). Run it with the servers in maintenance or stopped, then start them with the new setting.
 */
async function run(args: string[]): Promise<void> {
  const direction = args.find((arg) => !arg.startsWith('--'));
  if (direction !== 'to-bucket' && direction !== 'to-disk') throw new MoveError(USAGE);
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const bucket = config.filesBucket;
  if (!bucket)
    throw new MoveError('Set FILES_BUCKET and its settings (docs/deploy.md, Files) to name the bucket.');
  const problem = await checkBucket(bucket);
  if (problem) throw new ConfigError([problem]);
  const disk = diskStorage(config.dataDir);
  const remote = await bucketStorage(bucket);
  const [from, to] = direction === 'to-bucket' ? [disk, remote] : [remote, disk];
  console.log(`Moving the stored files from ${from.description} to ${to.description}.`);
  try {
    const report = await moveStoredFiles({
      from,
      to,
      keepSource: args.includes('--keep'),
      onProgress: (progress) => {
        const done = progress.moved + progress.alreadyThere;
        if (done % 500 === 0) console.log(`  ${String(done)} files so far`);
      },
    });
    console.log(
      `Done: ${String(report.moved)} moved and verified, ${String(report.alreadyThere)} already there` +
        (report.vanished ? `, ${String(report.vanished)} deleted meanwhile` : '') +
        '.',
    );
  } finally {
    remote.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof MoveError ? error.message : error);
  process.exit(1);
});
