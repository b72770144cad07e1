// `npm run restore -- <archive> [--force]`: restores a `npm run backup` archive into DATA_DIR (and
// PostgreSQL at DATABASE_URL when set), then runs the migrations the backup predates. Refuses a
// backup of a newer schema, of the other database kind, or a target that holds data (unless
// --force, which replaces it). The embedded database must not be in use: stop the server first.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
});
if (values.help || positionals.length !== 1) {
  process.stdout.write('Usage: npm run restore -- <cuepoint-backup.tar> [--force]\n');
  process.exit(values.help ? 0 : 1);
}
register();
const { loadBackupEnv, restoreBackup, BackupError } = await import(
  join(ROOT, 'apps/server/src/db/backup.ts')
);
try {
  const target = loadBackupEnv();
  const { manifest, migrated, schema } = await restoreBackup({
    ...target,
    archive: positionals[0],
    force: values.force,
  });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} (${manifest.schema.tag ?? 'empty schema'})` +
      `${migrated > 0 ? `, then ran ${migrated} migration(s) up to ${schema.tag}` : ''}.\n`,
  );
} catch (err) {
  if (!(err instanceof BackupError) && err?.name !== 'DataDirLockedError' && err?.name !== 'ConfigError')
    throw err;
  process.stderr.write(`Cuepoint restore failed. ${err.message}\n`);
  process.exit(1);
}
