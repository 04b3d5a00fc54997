import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { projectPath } from '~/server/paths';
import { startApp } from './support/app-process';

const folders = ['site', 'restored', 'files'].map(() =>
	mkdtempSync(join(tmpdir(), 'hibahin-backup-test-')),
);
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function admin(dataDir: string, ...args: string[]) {
	return spawnSync(process.execPath, [projectPath('scripts/admin.mjs'), ...args], {
		env: { ...process.env, DATA_DIR: dataDir },
		encoding: 'utf8',
		timeout: 120_000,
	});
}

interface Listed {
	id: number;
	name: string;
	photos: { src: string }[];
}

async function itemsOf(url: string): Promise<Listed[]> {
	const answer = await fetch(`${url}/api/items?limit=48&status=all`);
	return ((await answer.json()) as { data: { items: Listed[] } }).data.items;
}

it('backs up a running site and restores it into an empty folder with every item and photo', async () => {
	const [siteDir, restoredDir, filesDir] = folders as [string, string, string];
	const site = await startApp({ DATA_DIR: siteDir, DEMO_DATA: 'on' });
	const items = await itemsOf(site.url);
	expect(items.length).toBeGreaterThan(0);

	const file = join(filesDir, 'hibahin.tar');
	const backedUp = admin(siteDir, 'backup', file);
	expect(backedUp.status, backedUp.stderr).toBe(0);
	expect(backedUp.stdout).toContain(`written by the running site, pid ${site.child.pid}`);
	// The site went on serving while it wrote the backup.
	expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
	site.child.kill('SIGTERM');
	await site.exited;

	const refused = admin(siteDir, 'restore', file);
	expect(refused.status).toBe(1);
	expect(refused.stderr).toContain('is not empty');
	const restored = admin(restoredDir, 'restore', file);
	expect(restored.status, restored.stderr).toBe(0);

	const copy = await startApp({ DATA_DIR: restoredDir });
	const back = await itemsOf(copy.url);
	expect(back.map(({ id, name }) => ({ id, name }))).toEqual(
		items.map(({ id, name }) => ({ id, name })),
	);
	const photos = back.flatMap((item) => item.photos.map((photo) => photo.src));
	expect(photos.length).toBeGreaterThan(0);
	for (const photo of photos) expect((await fetch(`${copy.url}${photo}`)).status).toBe(200);
	console.log(`Backup of a running site: ${back.length} items and ${photos.length} photos back.`);
	copy.child.kill('SIGTERM');
	await copy.exited;
});
