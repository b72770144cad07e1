// `npm run backup [-- --out <file>]`: one archive (a tar) of the database (the embedded one in
// DATA_DIR/db, or PostgreSQL at DATABASE_URL) and the files kept in DATA_DIR (uploads, conditioned
// creatives, the secret key). The embedded database must not be in use: stop the server first.
// The work is in apps/server/src/db/backup.ts; docs/backup.md describes the archive.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean' } } });
if (values.help) {
  process.stdout.write('Usage: npm run backup [-- --out cuepoint-backup.tar]\n');
  process.exit(0);
}
register();
const { loadBackupEnv, createBackup, BackupError } = await import(join(ROOT, 'apps/server/src/db/backup.ts'));
const stamp = new Date()
  .toISOString()
  .replaceAll(':', '-')
  .replace(/\.\d+Z$/, 'Z');
const out = values.out ?? `cuepoint-backup-${stamp}.tar`;
try {
  const target = loadBackupEnv();
  const manifest = await createBackup({ ...target, out });
  process.stdout.write(
    `Backup written to ${out} (${manifest.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ` +
      `schema ${manifest.schema.tag ?? 'empty'}, files: ${manifest.files.join(', ') || 'none'}).\n`,
  );
} catch (err) {
  if (!(err instanceof BackupError) && err?.name !== 'DataDirLockedError' && err?.name !== 'ConfigError')
    throw err;
  process.stderr.write(`Cuepoint backup failed. ${err.message}\n`);
  process.exit(1);
}
