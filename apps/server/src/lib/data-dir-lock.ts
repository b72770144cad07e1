import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per embedded database. PGlite keeps the database in one process's memory and
 * writes it to DATA_DIR/db; a second process on the same directory would answer 200 to writes
 * that the first one later overwrites. The first process holds DATA_DIR/cuepoint.lock (its pid,
 * host and start time, created exclusively); a second one finds it and refuses to start. A lock
 * left by a process that no longer runs (kill -9, a crash) is taken over.
 */
export const LOCK_FILE = 'cuepoint.lock';

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `Another Cuepoint process (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt}) is using ` +
        `the embedded database in ${dataDir}. Stop it first, or give this one another DATA_DIR ` +
        `(if no such process runs any more, delete ${join(dataDir, LOCK_FILE)}). ` +
        'To run several processes on the same data, use PostgreSQL: set DATABASE_URL=postgres://… ' +
        '(the same database and SECRET_KEY for every process).',
    );
    this.name = 'DataDirLockedError';
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt ?? 'unknown') }
      : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirLockedError naming its holder. Answers the release function. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(path)?.pid === me.pid) unlinkSync(path);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(path);
    // Held by a live process: on this host, one that runs and is not us (a container restarted
    // under the same pid finds its own old pid); on another host (a shared volume), we can't tell.
    if (owner && (owner.host !== me.host || (owner.pid !== me.pid && isRunning(owner.pid)))) {
      throw new DataDirLockedError(dataDir, owner);
    }
    // Stale (or unreadable, from a crash mid-write): take it over.
    try {
      unlinkSync(path);
    } catch {}
  }
  const owner = readOwner(path);
  throw new DataDirLockedError(dataDir, owner ?? { pid: 0, host: 'unknown', startedAt: 'unknown' });
}
