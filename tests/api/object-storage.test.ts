import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orphanGraceMs, sweepOrphanedFiles } from '~/app/maintenance';
import { objectStorage } from '~/server/object-storage';
import { readObjectStorageConfig } from '~/server/object-storage-config';
import {
	createItemFor,
	expectError,
	fileOf,
	jpegBytes,
	myItems,
	photoKeys,
	postItem,
	validFields,
} from '../helpers/items';
import { startS3Server } from '../helpers/s3-server';
import { describeOnDatabases } from '../helpers/test-server';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
	s3 = await startS3Server();
});
afterAll(() => s3?.close());

describe('the S3 storage driver', () => {
	const storage = () => objectStorage(readObjectStorageConfig(s3.env)!);
	const key = 'avatars/00112233445566778899aabbccddeeff.webp';

	it('stores, reads, lists and deletes objects', async () => {
		await storage().put(key, Buffer.from('photo'), 'image/webp');
		expect((await storage().get(key))?.toString()).toBe('photo');
		const listed = await storage().list('avatars');
		expect(listed.map((file) => file.key)).toEqual([key]);
		expect(listed[0]!.modifiedAt).toBeInstanceOf(Date);
		await storage().delete(key);
		expect(await storage().get(key)).toBeNull();
		expect(await s3.keys('avatars/')).toEqual([]);
	});

	it('reads STORAGE_URL as S3_* would', () => {
		expect(
			readObjectStorageConfig({
				STORAGE_URL: 's3+http://minio:secret%2Fkey@127.0.0.1:9000/photos?region=auto',
			}),
		).toEqual({
			bucket: 'photos',
			region: 'auto',
			endpoint: 'http://127.0.0.1:9000',
			accessKeyId: 'minio',
			secretAccessKey: 'secret/key',
		});
		expect(
			readObjectStorageConfig({
				STORAGE_URL: 's3://AKIA:secret@s3.amazonaws.com/hibahin?region=ap-southeast-3',
			})?.endpoint,
		).toBeUndefined();
		expect(() => readObjectStorageConfig({ STORAGE_URL: 'https://example.com/photos' })).toThrow(
			/STORAGE_URL must look like/,
		);
		expect(() => readObjectStorageConfig({ S3_BUCKET: 'photos' })).toThrow(
			/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set/,
		);
		expect(readObjectStorageConfig({})).toBeNull();
	});
});

describeOnDatabases(
	'items with photos in an S3 bucket',
	(use) => {
		const donor = () => use().createUser({ complete: true });

		it('stores every size of every photo in the bucket, with the long cache headers', async () => {
			const item = await createItemFor(use(), await donor(), {}, 2);
			const keys = photoKeys(item);
			expect(keys).toHaveLength(2);
			const stored = await s3.keys('items/');
			for (const key of keys) {
				expect(stored).toContain(key);
				expect(await s3.cacheControl(key)).toBe('public, max-age=31536000, immutable');
			}
		});

		it('leaves nothing behind when the bucket fails in the middle of a create', async () => {
			const user = await donor();
			const before = await s3.keys('items/');
			// Three photos, three sizes each: the bucket takes four files, then refuses.
			s3.failPutsAfter(4);
			const files = await Promise.all(
				[1, 2, 3].map(async () => fileOf(await jpegBytes(1400, 1000))),
			);
			const response = await postItem(use(), user, validFields(), files);
			s3.failPutsAfter(Number.POSITIVE_INFINITY);
			await expectError(response, 500, 'INTERNAL');
			expect(await myItems(use(), user)).toEqual([]);
			expect(await s3.keys('items/')).toEqual(before);
		});

		it('sweeps objects no item refers to, once they are older than the grace period', async () => {
			const item = await createItemFor(use(), await donor());
			const orphan = 'items/ffeeddccbbaa99887766554433221100-360.webp';
			const { storage } = use().server;
			await storage.put(orphan, Buffer.from('left by a crash'), 'image/webp');
			expect(await sweepOrphanedFiles(use().server)).toEqual([]);
			const swept = await sweepOrphanedFiles(use().server, Date.now() + orphanGraceMs + 1000);
			expect(swept).toContain(orphan);
			const left = await s3.keys('items/');
			expect(left).not.toContain(orphan);
			for (const key of photoKeys(item)) expect(left).toContain(key);
		});
	},
	{ env: () => s3.env },
);
