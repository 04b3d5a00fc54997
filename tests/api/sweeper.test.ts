import { expect, it } from 'vitest';
import { rateLimits } from '~/server/db/schema';
import { orphanGraceMs, sweepOrphanedFiles } from '~/app/maintenance';
import { databaseRateLimiter, deleteEndedRateLimits } from '~/server/rate-limit';
import { describeOnDatabases } from '../helpers/test-server';

const hour = 60 * 60_000;

describeOnDatabases('orphaned file sweeper', (use) => {
	it('removes old files no row refers to and keeps fresh ones', async () => {
		const { storage } = use().server;
		const orphan = 'items/0123456789abcdef0123456789abcdef-360.webp';
		await storage.put(orphan, Buffer.from('x'), 'image/webp');
		expect(await sweepOrphanedFiles(use().server)).toEqual([]);
		// Minutes, not an hour: an interrupted upload's files go at the next round.
		expect(orphanGraceMs).toBeLessThanOrEqual(15 * 60_000);
		expect(await sweepOrphanedFiles(use().server, Date.now() + orphanGraceMs + 1000)).toEqual([
			orphan,
		]);
		expect(await storage.get(orphan)).toBeNull();
	});

	it('sweeps files in subfolders as a bucket lists them, and is not stopped by a folder', async () => {
		const { storage } = use().server;
		const nested = 'items/imported/0123456789abcdef0123456789abcdef-720.webp';
		const partial = 'items/fedcba9876543210fedcba9876543210-360.webp.3f2a1b.partial';
		await storage.put(nested, Buffer.from('x'), 'image/webp');
		await storage.put(partial, Buffer.from('x'), 'image/webp');
		const later = Date.now() + orphanGraceMs + 1000;
		expect((await sweepOrphanedFiles(use().server, later)).sort()).toEqual(
			[partial, nested].sort(),
		);
		expect(await storage.get(nested)).toBeNull();
		expect(await sweepOrphanedFiles(use().server, later)).toEqual([]);
	});

	it('removes rate-limit windows that are over and keeps running ones', async () => {
		const { db } = use().server;
		const limiter = databaseRateLimiter(db);
		await limiter.hit('sweeper:running', { limit: 1, windowMs: hour });
		await limiter.hit('sweeper:over', { limit: 1, windowMs: 1 });
		await deleteEndedRateLimits(db, new Date(Date.now() + 1000));
		const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
		expect(keys).toContain('sweeper:running');
		expect(keys).not.toContain('sweeper:over');
		expect((await limiter.peek('sweeper:running')).count).toBe(1);
	});
});
