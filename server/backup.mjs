// Backups of the embedded mode: the database (PGlite's own dump, consistent as of one moment) and
// the photos, in one tar file. Used by the running server (on a request from `npm run admin --
// backup`) and by the admin tool itself when no server runs. PostgreSQL + S3: see the README.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The file a backup request names its target in; the server removes it when done. */
export const backupRequestName = 'backup-request';

/**
 * Writes `target`: `db.tar.gz` from `dump()`, then `uploads/`. The dump comes first: a photo is
 * stored before its row, so every photo the dump refers to is already in the folder (files
 * newer than the dump are orphans the sweeper removes after a restore).
 */
export async function writeBackup({ dump, dataDir, target }) {
	const staging = await mkdtemp(path.join(tmpdir(), 'hibahin-backup-'));
	try {
		const database = Buffer.from(await (await dump()).arrayBuffer());
		await writeFile(path.join(staging, 'db.tar.gz'), database);
		await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
		const partial = `${target}.partial`;
		await run('tar', ['-cf', partial, '-C', staging, 'db.tar.gz', '-C', dataDir, 'uploads']);
		await rename(partial, target);
	} finally {
		await rm(staging, { recursive: true, force: true });
	}
}

/** Restores a backup into `dataDir`, which must be empty or absent; `load(dbDir, dump)` opens it. */
export async function restoreBackup({ file, dataDir, load }) {
	if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
		throw new Error(`${dataDir} is not empty: restore into an empty DATA_DIR.`);
	}
	const staging = await mkdtemp(path.join(tmpdir(), 'hibahin-restore-'));
	try {
		await run('tar', ['-xf', path.resolve(file), '-C', staging]);
		await mkdir(dataDir, { recursive: true });
		await load(path.join(dataDir, 'db'), readFileSync(path.join(staging, 'db.tar.gz')));
		await cp(path.join(staging, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
	} finally {
		await rm(staging, { recursive: true, force: true });
	}
}

/**
 * In the running server: writes the backup that `npm run admin -- backup` asked for (its target in
 * `DATA_DIR/backup-request`), then removes the request; a failure is left in `backup-request.error`.
 */
export async function answerBackupRequest({ dump, dataDir }) {
	const request = path.join(dataDir, backupRequestName);
	const target = (await readFile(request, 'utf8').catch(() => '')).trim();
	if (!target) return;
	try {
		await writeBackup({ dump, dataDir, target });
	} catch (error) {
		await writeFile(`${request}.error`, error instanceof Error ? error.message : String(error));
	} finally {
		await rm(request, { force: true });
	}
}
