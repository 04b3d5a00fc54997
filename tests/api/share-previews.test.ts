import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Item } from '~/features/items/items';
import { sweepOrphanedFiles } from '~/app/maintenance';
import { storedSharePreview } from '~/server/share-previews';
import { sharePreviewKey } from '~/server/storage';
import { fileOf, jpegBytes, postItem, putItem, validFields } from '../helpers/items';
import { describeOnDatabases, type TestUser, uniquePhone } from '../helpers/test-server';

const hour = 60 * 60_000;

describeOnDatabases('Link previews of stored photos', (use) => {
	const storage = () => use().server.storage;

	/** An item whose photos are 1600×1200 uploads, stored at every width. */
	async function listedItem(photos = 1): Promise<{ owner: TestUser; item: Item }> {
		const owner = await use().createUser({ complete: true });
		const files = await Promise.all(
			Array.from({ length: photos }, async () => fileOf(await jpegBytes(1600, 1200))),
		);
		const response = await postItem(use(), owner, validFields(), files);
		const body = await response.json();
		expect(response.status, JSON.stringify(body)).toBe(201);
		return { owner, item: body.data as Item };
	}

	/** The preview of the cover of `item`, made as its first request makes it. */
	async function coverPreview(item: Item): Promise<{ key: string; file: Buffer | null }> {
		const key = sharePreviewKey(item.photos[0]!.src).slice('/media/'.length);
		return { key, file: await storedSharePreview(storage(), key) };
	}

	it('makes the cover’s preview a 1200×630 JPEG', async () => {
		const { item } = await listedItem();
		expect(item.photos[0]!.src).toMatch(/-1280\.webp$/);
		const { key, file } = await coverPreview(item);
		expect(await sharp(file!).metadata()).toMatchObject({
			format: 'jpeg',
			width: 1200,
			height: 630,
		});
		expect(await storage().get(key)).toEqual(file);
	});

	it('deletes the preview with its item', async () => {
		const { owner, item } = await listedItem();
		const { key } = await coverPreview(item);
		const response = await use().request(`/items/${item.id}`, { method: 'DELETE', user: owner });
		expect(response.status).toBe(204);
		expect(await storage().get(key)).toBeNull();
		expect(await storedSharePreview(storage(), key)).toBeNull();
	});

	it('deletes the preview of a photo removed from its item, and keeps the others', async () => {
		const { owner, item } = await listedItem(2);
		const removed = await coverPreview(item);
		const kept = await coverPreview({ ...item, photos: [item.photos[1]!] });
		const response = await putItem(use(), owner, item.id, validFields(), [], {
			deletedImages: JSON.stringify([item.photos[0]!.src]),
		});
		expect(response.status).toBe(200);
		expect(await storage().get(removed.key)).toBeNull();
		expect(await storage().get(kept.key)).toEqual(kept.file);
	});

	it('deletes the preview of an avatar a new one replaces', async () => {
		const user = await use().createUser({ complete: true });
		const avatar = async (background: string) => {
			const png = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
				.png()
				.toBuffer();
			const response = await use().request('/profile', {
				method: 'PUT',
				user,
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					name: 'Siti Rahma',
					phone: uniquePhone(),
					address: 'Jl. Melati No. 5, RT 02/RW 03',
					areaId: '31.74.07',
					imageUrl: `data:image/png;base64,${png.toString('base64')}`,
				}),
			});
			const body = await response.json();
			expect(response.status, JSON.stringify(body)).toBe(200);
			return sharePreviewKey(body.data.profile.imageUrl as string).slice('/media/'.length);
		};
		const first = await avatar('#c00');
		expect(await sharp((await storedSharePreview(storage(), first))!).metadata()).toMatchObject({
			format: 'jpeg',
			width: 1200,
			height: 630,
		});
		await avatar('#00c');
		expect(await storage().get(first)).toBeNull();
	});

	it('sweeps a preview whose photo is gone and keeps one whose photo is listed', async () => {
		const { item } = await listedItem();
		const { key } = await coverPreview(item);
		const orphan = 'items/0123456789abcdef0123456789abcdef-1280-share.jpg';
		await storage().put(orphan, Buffer.from('x'), 'image/jpeg');
		const swept = await sweepOrphanedFiles(use().server, Date.now() + 2 * hour);
		expect(swept).toContain(orphan);
		expect(swept).not.toContain(key);
		expect(await storage().get(key)).not.toBeNull();
	});
});
