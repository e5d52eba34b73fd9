import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the embedded database's folder. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${folder} is in use by process ${pid}. Stop it, or set DATABASE_URL to use PostgreSQL.`,
    );
  }
}

export type FolderLock = { release(): void };

const LOCK_NAME = 'lateral-passport.lock';

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isNaN(pid) ? null : pid;
  } catch {
    return null;
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How the folder is named in the message: as the user wrote it ('./data'), not an absolute path. */
export function displayFolder(folder: string): string {
  if (path.isAbsolute(folder)) return folder;
  const normal = path.normalize(folder);
  return normal.startsWith('.') ? normal : `./${normal}`;
}

/**
 * PGlite is one process's database: a second process opening the same folder keeps its own copy in
 * memory and the two overwrite each other's acknowledged writes. The folder is locked with a file
 * holding the owner's pid, created exclusively. A lock whose process is gone (killed) is taken over;
 * when two processes take over at once, both write, wait, and read back: only the last writer stays.
 * Hand-written rather than proper-lockfile: a pid checked for life frees a killed owner's lock at once,
 * where a lock judged stale by its age needs a timer refreshing it and a wait before it can be taken over.
 */
export async function lockFolder(folder: string): Promise<FolderLock> {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file)) {
      await sleep(50);
      const owner = readPid(file);
      if (owner === process.pid) return lockHeld(file);
      if (owner !== null && isAlive(owner)) throw new DatabaseInUseError(displayFolder(folder), owner);
      continue;
    }
    const owner = readPid(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseInUseError(displayFolder(folder), owner);
    }
    // Left by a process that no longer runs (or unreadable half-written): take it over.
    try {
      unlinkSync(file);
    } catch {
      // Another process removed it first.
    }
  }
  const owner = readPid(file) ?? 0;
  throw new DatabaseInUseError(displayFolder(folder), owner);
}

function lockHeld(file: string): FolderLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (readPid(file) === process.pid) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return { release };
}
