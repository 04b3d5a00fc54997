// `npm run admin -- backup <file>` and `restore <file>` for the embedded mode (DATA_DIR): the
// database and the photos in one tar file. A running site writes the backup itself, so it is
// consistent while visitors use the site; with no site running the tool opens the folder.
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backupRequestName, restoreBackup, writeBackup } from '../server/backup.mjs';

/** The process holding `dataDir` on this machine (`DATA_DIR/hibahin.lock`), if it runs. */
function runningSite(dataDir) {
	const lock = path.join(dataDir, 'hibahin.lock');
	if (!existsSync(lock)) return null;
	const [pid, host] = readFileSync(lock, 'utf8').trim().split(' ');
	if (host !== hostname()) return null;
	try {
		process.kill(Number(pid), 0);
		return Number(pid);
	} catch {
		return null;
	}
}

async function openPglite(dbDir, options = {}) {
	const { PGlite } = await import('@electric-sql/pglite');
	const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
	const client = new PGlite({ dataDir: dbDir, extensions: { pg_trgm }, ...options });
	await client.waitReady;
	return client;
}

/** Backs up `dataDir` to `file`; returns what to print. */
export async function backup(env, dataDir, file) {
	if (env.DATABASE_URL) {
		throw new Error(
			'With DATABASE_URL, back up PostgreSQL with pg_dump and the bucket by its versioning ' +
				'(README, "Backups").',
		);
	}
	const target = path.resolve(file);
	const pid = runningSite(dataDir);
	if (pid) {
		const request = path.join(dataDir, backupRequestName);
		await rm(`${request}.error`, { force: true });
		const { writeFile } = await import('node:fs/promises');
		await writeFile(request, target);
		process.kill(pid, 'SIGUSR2');
		while (existsSync(request)) await sleep(200);
		if (existsSync(`${request}.error`)) {
			throw new Error(`The site could not write the backup: ${readFileSync(`${request}.error`)}`);
		}
		return `Backed up ${dataDir} to ${target} (written by the running site, pid ${pid}).`;
	}
	const client = await openPglite(path.join(dataDir, 'db'));
	try {
		await writeBackup({ dump: () => client.dumpDataDir('gzip'), dataDir, target });
	} finally {
		await client.close();
	}
	return `Backed up ${dataDir} to ${target}.`;
}

/** Restores `file` into the empty `dataDir`; returns what to print. */
export async function restore(dataDir, file) {
	await restoreBackup({
		file,
		dataDir,
		load: async (dbDir, dump) => {
			const client = await openPglite(dbDir, { loadDataDir: new Blob([dump]) });
			await client.close();
		},
	});
	return `Restored ${file} into ${dataDir}. Start the site with DATA_DIR=${dataDir}.`;
}
