import { expect, it } from 'vitest';
import { sweepOrphanedFiles } from '~/server/maintenance';
import { describeOnDatabases } from '../helpers/test-server';

const hour = 60 * 60_000;

describeOnDatabases('orphaned file sweeper', (use) => {
	it('removes old files no row refers to and keeps fresh ones', async () => {
		const { storage } = use().server;
		const orphan = 'items/0123456789abcdef0123456789abcdef-360.webp';
		await storage.put(orphan, Buffer.from('x'), 'image/webp');
		expect(await sweepOrphanedFiles(use().server)).toEqual([]);
		expect(await sweepOrphanedFiles(use().server, Date.now() + 2 * hour)).toEqual([orphan]);
		expect(await storage.get(orphan)).toBeNull();
	});
});
