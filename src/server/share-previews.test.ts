import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedSharePreview } from './share-previews';
import {
	deleteFiles,
	folderStorage,
	isStorageKey,
	sharePreviewKey,
	type Storage,
	storedContentType,
} from './storage';

const photoKey = 'items/0123456789abcdef0123456789abcdef-1280.webp';
const previewKey = 'items/0123456789abcdef0123456789abcdef-1280-share.jpg';

/** A portrait WebP, as an upload leaves it: the preview has to fit it into a landscape frame. */
function portraitWebp(): Promise<Buffer> {
	return sharp({ create: { width: 720, height: 960, channels: 3, background: '#c84' } })
		.webp()
		.toBuffer();
}

let root = '';
let storage: Storage;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hibahin-previews-'));
	storage = folderStorage(root);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('link preview keys', () => {
	it('names the JPEG beside its WebP, for keys and /media/ paths alike', () => {
		expect(sharePreviewKey(photoKey)).toBe(previewKey);
		expect(sharePreviewKey('/media/avatars/0123456789abcdef0123456789abcdef.webp')).toBe(
			'/media/avatars/0123456789abcdef0123456789abcdef-share.jpg',
		);
		expect(isStorageKey(previewKey)).toBe(true);
		expect(storedContentType(previewKey)).toBe('image/jpeg');
		expect(storedContentType(photoKey)).toBe('image/webp');
	});

	it.each([
		'items/0123456789abcdef0123456789abcdef.jpg',
		'items/0123456789abcdef0123456789abcdef-1280.jpg',
		'items/0123456789abcdef0123456789abcdef-share.webp',
		'items/0123456789abcdef0123456789abcdef-1280-share.jpg.partial',
	])('is no key of the site: %s', (key) => {
		expect(isStorageKey(key)).toBe(false);
	});
});

describe('storedSharePreview', () => {
	it('makes a 1200×630 JPEG of a stored WebP and keeps it beside it', async () => {
		await storage.put(photoKey, await portraitWebp(), 'image/webp');
		const preview = await storedSharePreview(storage, previewKey);
		expect(preview).not.toBeNull();
		const metadata = await sharp(preview!).metadata();
		expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
		expect(await storage.get(previewKey)).toEqual(preview);
	});

	it('makes none of a WebP that is not stored', async () => {
		expect(await storedSharePreview(storage, previewKey)).toBeNull();
		expect(await storage.list('items')).toEqual([]);
	});

	it('goes with its WebP', async () => {
		await storage.put(photoKey, await portraitWebp(), 'image/webp');
		await storedSharePreview(storage, previewKey);
		await deleteFiles(storage, [photoKey]);
		expect(await storage.list('items')).toEqual([]);
	});

	it('does not outlive a WebP deleted while the preview is made', async () => {
		await storage.put(photoKey, await portraitWebp(), 'image/webp');
		// The deletion runs just before the preview is written: it finds no preview to delete.
		const racing: Storage = {
			...storage,
			async put(key, data, type) {
				if (key === previewKey) await deleteFiles(storage, [photoKey]);
				await storage.put(key, data, type);
			},
		};
		expect(await storedSharePreview(racing, previewKey)).toBeNull();
		expect(await storage.list('items')).toEqual([]);
	});
});
