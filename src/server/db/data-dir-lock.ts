import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file that says which process holds an embedded data folder. */
export const dataDirLockName = 'hibahin.lock';

/** Another process holds the folder; `start.mjs` prints the message alone, without a stack. */
export class DataDirInUseError extends Error {
	readonly code = 'DATA_DIR_IN_USE';
}

/** Whether the process `pid` on this machine is still running. */
function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: it runs, under another user.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Claims the embedded database's folder for this process, so a second process on the same
 * folder refuses to start instead of corrupting the database (PGlite has no locking of its own).
 * A lock left by a process that is gone (killed, crashed) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
	const path = join(dir, dataDirLockName);
	const owner = `${process.pid} ${hostname()}\n`;
	for (let attempt = 0; attempt < 2; attempt += 1) {
		try {
			const file = openSync(path, 'wx');
			writeSync(file, owner);
			closeSync(file);
			return () => rmSync(path, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const [pid, host] = readFileSync(path, 'utf8').trim().split(' ');
		const holder = Number(pid);
		// Another machine's lock (a shared network folder) cannot be checked: it stands.
		if (host !== hostname() || (holder !== process.pid && isRunning(holder))) {
			throw new DataDirInUseError(
				[
					`Another Hibahin process (pid ${pid} on ${host}) is using the data folder ${dir}.`,
					'Stop it first, or give this one its own DATA_DIR. Several processes share one',
					'site only through DATABASE_URL (PostgreSQL).',
				].join('\n'),
			);
		}
		rmSync(path, { force: true });
	}
	throw new Error(`The data folder ${dir} could not be locked`);
}
