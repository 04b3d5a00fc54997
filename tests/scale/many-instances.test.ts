import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orphanGraceMs, sweepOrphanedFiles } from '~/app/maintenance';
import { photoFiles } from '~/features/items/photos.server';
import { redisSessionStore } from '~/server/auth/sessions';
import { objectStorage } from '~/server/object-storage';
import { readObjectStorageConfig } from '~/server/object-storage-config';
import { sharePreviewKey } from '~/server/storage';
import idItemDetail from '~locales/id/itemDetail.json';
import { chromiumArgs, findChromium } from '../../scripts/browser.mjs';
import { findNginx } from '../../scripts/nginx.mjs';
import { expect as see, signUpComplete } from '../e2e/support/accounts';
import { listItem } from '../e2e/support/items';
import { openedUrls, recordWindowOpen } from '../e2e/support/visitors';
import { signedInUser } from './support/app-process';
import { type Cluster, killHard, requestsPerInstance, startCluster } from './support/cluster';
import { failures, startLoad } from './support/load';

const databaseUrl = process.env['TEST_DATABASE_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
const missing = [
	!databaseUrl && 'TEST_DATABASE_URL (PostgreSQL)',
	!redisUrl && 'TEST_REDIS_URL (Redis)',
	!findNginx() && 'nginx (node scripts/ensure-nginx.mjs)',
	!findChromium() && 'Chromium (node scripts/ensure-browser.mjs)',
].filter(Boolean);
if (missing.length > 0) {
	console.warn(`Skipping the journey across many instances: it needs ${missing.join(', ')}.`);
}

const instances = 3;
/** Seconds after the kill in which failed requests are counted as the kill's. */
const killWindowMs = 20_000;

/**
 * The site as deployed for a launch: three instances behind nginx with TLS, on PostgreSQL, Redis
 * and S3. A visitor's journey crosses them while background load runs, one instance is killed
 * with SIGKILL in the middle, and afterwards every write the site acknowledged is found.
 */
describe.skipIf(missing.length > 0)('many instances behind a proxy, one killed', () => {
	let cluster: Cluster;
	let browser: Browser;
	beforeAll(async () => {
		const basePort = process.env['SCALE_PORT'] ? Number(process.env['SCALE_PORT']) : undefined;
		cluster = await startCluster({
			databaseServerUrl: databaseUrl!,
			redisUrl: redisUrl!,
			instances,
			basePort,
		});
		browser = await chromium.launch({ args: chromiumArgs, executablePath: findChromium()! });
	});
	afterAll(async () => {
		await browser?.close();
		await cluster?.stop();
	});

	/** A visitor with a browser of their own, at the proxy's address. */
	async function visitor(): Promise<Page> {
		const context = await browser.newContext({
			baseURL: cluster.publicUrl,
			ignoreHTTPSErrors: true,
			viewport: { width: 1280, height: 900 },
		});
		return context.newPage();
	}

	it('keeps the journey going and loses no acknowledged write', { timeout: 600_000 }, async () => {
		const { database, publicUrl } = cluster;
		const sessions = redisSessionStore(cluster.redis, database.db);
		const loadUser = () => signedInUser(database.db, `${publicUrl}/oidc`, sessions);
		// Under https the session cookie carries the __Host- prefix.
		const person = async () => {
			const user = await loadUser();
			return { id: user.id, cookie: `__Host-hibahin_session=${user.token}` };
		};
		const load = await startLoad(publicUrl, {
			donors: await Promise.all([person(), person(), person(), person()]),
			receivers: await Promise.all([person(), person()]),
		});

		// A donor signs up and completes their profile through the proxy.
		const donorPage = await visitor();
		await signUpComplete(donorPage);
		await see.poll(() => load.acknowledged.items.length, { timeout: 60_000 }).toBeGreaterThan(1);
		const beforeKill = requestsPerInstance(cluster.apps);
		expect(beforeKill.filter((count) => count > 0)).toHaveLength(instances);

		// Mid-load, while photos upload, one instance is gone without a word.
		await see.poll(load.listingsUnderWay, { timeout: 60_000, intervals: [20] }).toBeGreaterThan(2);
		const killedAt = Date.now();
		await killHard(cluster.apps[1]!);
		const diedAt = Date.now();

		// The donor lists an item with photos, and its page shows them.
		const listed = await listItem(donorPage, 'Sepeda anak biru', 2);
		await donorPage.goto(`/items/${listed.id}`);
		const photo = donorPage.getByRole('main').locator('img').first();
		await see
			.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
			.toBeGreaterThan(0);

		// Another person signs up and contacts the donor from the item's page.
		const receiverPage = await visitor();
		const receiver = await signUpComplete(receiverPage);
		await recordWindowOpen(receiverPage);
		await receiverPage.goto(`/items/${listed.id}`);
		await see(
			receiverPage.locator('astro-island[component-export="ItemDetail"]:not([ssr])'),
		).toHaveCount(1);
		await receiverPage
			.getByRole('button', { name: new RegExp(idItemDetail.whatsapp.contact) })
			.click();
		await see.poll(() => openedUrls(receiverPage)).toHaveLength(1);
		// The donor sees who asked.
		await donorPage.goto(`/my-items/${listed.id}/requests`);
		await see(donorPage.getByText(receiver.profile.name)).toBeVisible();

		await load.stop();
		const afterKill = requestsPerInstance(cluster.apps);
		const survivors = [0, 2].filter((index) => afterKill[index]! > beforeKill[index]!);
		expect(survivors).toEqual([0, 2]);

		// Every acknowledged write is stored: items, their photos in the bucket, requests.
		const { items, requests } = load.acknowledged;
		items.push({ id: listed.id, name: listed.name, photos: 2 });
		const storedItems = await database.client`select id, name from items`;
		const storedIds = new Set(storedItems.map((row) => Number(row['id'])));
		const lostItems = items.filter((item) => !storedIds.has(item.id));
		const photos = await database.client`select item_id, key, widths from item_images`;
		const photoCount = (id: number) => photos.filter((row) => Number(row['item_id']) === id).length;
		const lostPhotos = items.reduce(
			(lost, item) => lost + Math.max(0, item.photos - photoCount(item.id)),
			0,
		);
		const expectedFiles = photos.flatMap((row) =>
			photoFiles({ key: row['key'] as string, widths: row['widths'] as number[] }),
		);
		const bucket = new Set(await cluster.s3.keys('items/'));
		const lostFiles = expectedFiles.filter((key) => !bucket.has(key));
		const storedRequests = await database.client`select id, item_id from item_requests`;
		const requestIds = new Set(storedRequests.map((row) => Number(row['id'])));
		const lostRequests = requests.filter((made) => !requestIds.has(made.id));
		const asked = storedRequests.filter((row) => Number(row['item_id']) === listed.id);
		// A write nginx did not pass on again: no item twice.
		const names = storedItems.map((row) => row['name'] as string);
		expect(new Set(names).size).toBe(names.length);

		// What a crash left in the bucket goes with the sweeper.
		const referenced = new Set([...expectedFiles, ...expectedFiles.map(sharePreviewKey)]);
		const unreferenced = () => [...bucket].filter((key) => !referenced.has(key));
		const orphansBefore = unreferenced().length;
		const storage = objectStorage(readObjectStorageConfig(cluster.s3.env)!);
		await sweepOrphanedFiles({ db: database.db, storage }, Date.now() + orphanGraceMs + 1000);
		bucket.clear();
		for (const key of await cluster.s3.keys('items/')) bucket.add(key);
		const orphansAfter = unreferenced().length;

		const failed = failures(load.sent);
		const duringKill = failed.filter(
			(one) => one.ended >= killedAt && one.ended < killedAt + killWindowMs,
		);
		const writes = items.length + requests.length + photoCount(listed.id) + asked.length;
		console.log(
			[
				`Scale journey: ${instances} instances behind nginx (TLS), PostgreSQL, Redis, S3; one killed with SIGKILL.`,
				`  requests answered per instance before the kill: ${beforeKill.join(', ')}; after: ${afterKill.join(', ')}`,
				`  load: ${load.sent.length} requests, ${failed.length} failed (${duringKill.length} within ${killWindowMs / 1000} s of the kill: ` +
					`${duringKill.filter((one) => one.method === 'GET').length} reads, ${duringKill.filter((one) => one.method === 'POST').length} writes)`,
				...failed.map((one) => `    ${one.method} ${one.path} → ${one.status || 'no answer'}`),
				`  acknowledged writes: ${items.length} items with ${items.reduce((sum, item) => sum + item.photos, 0)} photos, ${requests.length + asked.length} requests (${writes} in all)`,
				`  lost: ${lostItems.length} items, ${lostPhotos} photos, ${lostFiles.length} files, ${lostRequests.length} requests`,
				`  orphan files: ${orphansBefore} before the sweeper, ${orphansAfter} after`,
			].join('\n'),
		);
		expect(asked).toHaveLength(1);
		expect({ lostItems, lostPhotos, lostFiles, lostRequests }).toEqual({
			lostItems: [],
			lostPhotos: 0,
			lostFiles: [],
			lostRequests: [],
		});
		expect(orphansAfter).toBe(0);
		// Reads are passed on to another instance: only writes under way on the killed one fail,
		// answered 502 by nginx, which never sends them again.
		expect(failed.filter((one) => one.method === 'GET')).toEqual([]);
		expect(failed.filter((one) => one.at > diedAt || one.status !== 502)).toEqual([]);
	});
});
