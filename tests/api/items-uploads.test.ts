import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Item } from '~/features/items/items';
import {
	createItemFor,
	expectError,
	fileOf,
	getItem,
	jpegBytes,
	jpegFile,
	megabyte,
	myItems,
	noisyJpegBytes,
	photoKeys,
	postItem,
	putItem,
	storedItemFiles,
	validFields,
	verificationToken,
} from '../helpers/items';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

const svg = Buffer.from(
	'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><script>alert(1)</script>' +
		'<rect width="64" height="48" fill="red"/></svg>',
);
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
/** The `ftyp` box of an iPhone photo; nothing past it is needed to be refused. */
const heic = Buffer.concat([
	Buffer.from([0, 0, 0, 0x18]),
	Buffer.from('ftypheic'),
	Buffer.from([0, 0, 0, 0]),
	Buffer.from('mif1heic'),
	Buffer.alloc(64),
]);

/** A valid JPEG grown to `size` bytes with bytes after its end marker. */
async function paddedJpeg(size: number): Promise<Buffer> {
	const jpeg = await jpegBytes();
	return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0x20)]);
}

const pixelBombs = new Map<string, Promise<Buffer>>();
/** `width` × `height` pixels of white (14000 × 14000 by default, 196 MP): small as PNG. */
function pixelBombPng(width = 14000, height = 14000): Promise<Buffer> {
	const size = `${width}x${height}`;
	let bomb = pixelBombs.get(size);
	if (!bomb) {
		bomb = sharp({ create: { width, height, channels: 3, background: '#fff' } })
			.png({ compressionLevel: 9 })
			.toBuffer();
		pixelBombs.set(size, bomb);
	}
	return bomb;
}

/** A 1600 × 1200 photo carrying GPS, camera and owner details, an XMP packet and an ICC profile. */
function photoWithMetadata(): Promise<Buffer> {
	return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6' } })
		.withExif({
			IFD0: { Make: 'Secret Camera', Copyright: 'Budi Santoso', ImageDescription: 'Rumah Budi' },
			IFD3: {
				GPSLatitudeRef: 'S',
				GPSLatitude: '6/1 14/1 3000/100',
				GPSLongitudeRef: 'E',
				GPSLongitude: '106/1 48/1 1200/100',
			},
		})
		.withXmp(
			'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
				'<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Budi Santoso</dc:creator>' +
				'</rdf:Description></rdf:RDF></x:xmpmeta>',
		)
		.withIccProfile('p3')
		.jpeg()
		.toBuffer();
}

describeOnDatabases('Item photos', (use) => {
	const donor = () => use().createUser({ complete: true });

	/** Sends a create, expects the error, and checks that no item and no file appeared. */
	async function expectCreateRefused(
		files: File[],
		status: number,
		code: string,
		fields?: Record<string, string>,
	) {
		const user = await donor();
		const stored = storedItemFiles(use());
		await expectError(await postItem(use(), user, validFields(), files), status, code, fields);
		expect(await myItems(use(), user)).toEqual([]);
		expect(storedItemFiles(use())).toEqual(stored);
	}

	async function created(files: File[]): Promise<Item> {
		const response = await postItem(use(), await donor(), validFields(), files);
		const body = await response.json();
		expect(response.status, JSON.stringify(body)).toBe(201);
		return body.data as Item;
	}

	describe('bad uploads on POST /items', () => {
		const imageType = { 'files.0': 'form.errors.imageType' };
		const tooLarge = { 'files.0': 'form.errors.imageTooLarge' };

		it.each([
			['an SVG renamed to .jpg', () => fileOf(svg, 'kursi.jpg', 'image/jpeg')],
			['an SVG as itself', () => fileOf(svg, 'kursi.svg', 'image/svg+xml')],
			['an HTML page', () => fileOf(html, 'kursi.jpg', 'image/jpeg')],
			[
				'a GIF',
				async () =>
					fileOf(
						await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
							.gif()
							.toBuffer(),
						'kursi.gif',
						'image/gif',
					),
			],
			['a HEIC photo', () => fileOf(heic, 'IMG_0001.HEIC', 'image/heic')],
			[
				'the first half of a JPEG',
				async () => {
					const jpeg = await noisyJpegBytes();
					return fileOf(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
				},
			],
			['an empty file', () => fileOf(new Uint8Array(0))],
		])('answers %s with 415 INVALID_IMAGE_FORMAT, storing nothing', async (_, file) => {
			await expectCreateRefused([await file()], 415, 'INVALID_IMAGE_FORMAT', imageType);
		});

		it('takes the empty part a browser sends for an unused file input as no photo', async () => {
			const user = await donor();
			const boundary = 'hibahin-test-boundary';
			const fields = { ...validFields(), verificationToken: await verificationToken(use(), user) };
			const parts = Object.entries(fields).map(
				([name, value]) =>
					`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
			);
			parts.push(
				`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename=""\r\n` +
					'Content-Type: application/octet-stream\r\n\r\n\r\n',
			);
			const stored = storedItemFiles(use());
			const response = await use().request('/items', {
				method: 'POST',
				user,
				headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
				body: `${parts.join('')}--${boundary}--\r\n`,
			});
			await expectError(response, 400, 'VALIDATION_ERROR', { files: 'form.errors.imagesRequired' });
			expect(await myItems(use(), user)).toEqual([]);
			expect(storedItemFiles(use())).toEqual(stored);
		});

		it('answers 6 photos with 400 TOO_MANY_IMAGES, storing nothing', async () => {
			const files = await Promise.all(Array.from({ length: 6 }, () => jpegFile()));
			await expectCreateRefused(files, 400, 'TOO_MANY_IMAGES', {
				files: 'form.errors.imagesMax',
			});
		});

		it('answers a photo of 5 MB and 1 byte with 413 IMAGE_TOO_LARGE, storing nothing', async () => {
			const file = fileOf(await paddedJpeg(5 * megabyte + 1));
			await expectCreateRefused([file], 413, 'IMAGE_TOO_LARGE', tooLarge);
		});

		it('answers a 196-megapixel PNG with 413 IMAGE_TOO_LARGE, storing nothing', async () => {
			const png = await pixelBombPng();
			expect(png.length).toBeLessThan(5 * megabyte);
			const file = fileOf(png, 'poster.png', 'image/png');
			await expectCreateRefused([file], 413, 'IMAGE_TOO_LARGE', {
				'files.0': 'form.errors.imageTooManyPixels',
			});
		});

		it('answers an 8000 × 5000 PNG, exactly 40 megapixels, with 413 IMAGE_TOO_LARGE', async () => {
			const file = fileOf(await pixelBombPng(8000, 5000), 'poster.png', 'image/png');
			await expectCreateRefused([file], 413, 'IMAGE_TOO_LARGE', {
				'files.0': 'form.errors.imageTooManyPixels',
			});
		});

		it('stores nothing when the third of three photos is bad', async () => {
			const files = [await jpegFile(), await jpegFile(), fileOf(svg, 'three.jpg')];
			await expectCreateRefused(files, 415, 'INVALID_IMAGE_FORMAT', {
				'files.2': 'form.errors.imageType',
			});
		});
	});

	describe('good uploads on POST /items', () => {
		it('accepts a photo of exactly 5 MB', async () => {
			const item = await created([fileOf(await paddedJpeg(5 * megabyte))]);
			expect(item.images).toHaveLength(1);
		});

		it('accepts JPEG, PNG and WebP, told apart by their bytes rather than name or type', async () => {
			const image = () =>
				sharp({ create: { width: 80, height: 60, channels: 3, background: '#09c' } });
			const item = await created([
				fileOf(await image().jpeg().toBuffer(), 'a.jpg', 'image/jpeg'),
				fileOf(await image().png().toBuffer(), 'b.gif', 'image/gif'),
				fileOf(await image().webp().toBuffer(), 'c', 'application/octet-stream'),
			]);
			expect(item.images).toHaveLength(3);
			expect(item.photos.map(({ width, height }) => ({ width, height }))).toEqual(
				Array.from({ length: 3 }, () => ({ width: 80, height: 60 })),
			);
		});

		it('keeps 5 photos in the order sent, the first as the cover', async () => {
			const item = await created(await Promise.all(Array.from({ length: 5 }, () => jpegFile())));
			expect(item.images).toHaveLength(5);
			expect(item.images).toEqual(item.photos.map((photo) => photo.src));
			expect(new Set(item.images).size).toBe(5);
		});

		it('stores WebP copies without EXIF, GPS, XMP, IPTC or ICC data, never the original', async () => {
			const original = await photoWithMetadata();
			const before = await sharp(original).metadata();
			expect(before).toMatchObject({ exif: expect.any(Buffer), xmp: expect.any(Buffer) });
			expect(before.icc).toBeInstanceOf(Buffer);

			const item = await created([fileOf(original, 'IMG_1234.jpg')]);
			const [photo] = item.photos;
			expect(photo).toMatchObject({ width: 1280, height: 960 });
			expect(photo!.src).toMatch(/^\/media\/items\/[a-f0-9]{32}-1280\.webp$/);
			const keys = photoKeys(item);
			expect(keys.map((key) => key.replace(/^items\/[a-f0-9]{32}/, ''))).toEqual([
				'-360.webp',
				'-720.webp',
				'-1280.webp',
			]);

			for (const key of keys) {
				const file = await use().server.storage.get(key);
				expect(file, key).not.toBeNull();
				const metadata = await sharp(file!).metadata();
				expect(metadata.format, key).toBe('webp');
				expect(metadata.width, key).toBe(Number(/-(\d+)\.webp$/.exec(key)![1]));
				expect(
					{ exif: metadata.exif, xmp: metadata.xmp, icc: metadata.icc, iptc: metadata.iptc },
					key,
				).toEqual({ exif: undefined, xmp: undefined, icc: undefined, iptc: undefined });
				expect(file!.includes('Secret Camera'), key).toBe(false);
				expect(file!.includes('Budi Santoso'), key).toBe(false);
			}
			// No stored file of any item is the upload itself.
			for (const path of storedItemFiles(use())) {
				expect(path).toMatch(/^items\/[a-f0-9]{32}-\d+\.webp$/);
				const file = await use().server.storage.get(path);
				expect(file!.equals(original), path).toBe(false);
			}
		});

		it('turns a photo upright by its EXIF orientation', async () => {
			const sideways = await sharp({
				create: { width: 400, height: 200, channels: 3, background: '#a52' },
			})
				.withMetadata({ orientation: 6 })
				.jpeg()
				.toBuffer();
			expect(await sharp(sideways).metadata()).toMatchObject({ orientation: 6, width: 400 });
			const item = await created([fileOf(sideways)]);
			expect(item.photos[0]).toMatchObject({ width: 200, height: 400 });
			const file = await use().server.storage.get(photoKeys(item).at(-1)!);
			expect(await sharp(file!).metadata()).toMatchObject({ width: 200, height: 400 });
		});
	});

	describe('photos on PUT /items/{id}', () => {
		async function itemWithPhotos(count: number) {
			const owner = await donor();
			return { owner, item: await createItemFor(use(), owner, {}, count) };
		}

		const deleted = (urls: string[]) => ({ deletedImages: JSON.stringify(urls) });

		async function saved(
			owner: TestUser,
			item: Item,
			files: File[],
			extra: Record<string, string>,
		): Promise<Item> {
			const response = await putItem(use(), owner, item.id, validFields(), files, extra);
			const body = await response.json();
			expect(response.status, JSON.stringify(body)).toBe(200);
			expect(await getItem(use(), item.id, owner)).toEqual(body.data);
			return body.data as Item;
		}

		async function expectUpdateRefused(
			owner: TestUser,
			item: Item,
			files: File[],
			extra: Record<string, string>,
			status: number,
			code: string,
			fields?: Record<string, string>,
		) {
			const before = await getItem(use(), item.id, owner);
			const stored = storedItemFiles(use());
			const response = await putItem(use(), owner, item.id, validFields(), files, extra);
			await expectError(response, status, code, fields);
			expect(await getItem(use(), item.id, owner)).toEqual(before);
			expect(storedItemFiles(use())).toEqual(stored);
		}

		it('removes one photo and adds another, deleting the removed photo’s files', async () => {
			const { owner, item } = await itemWithPhotos(2);
			const [cover, second] = item.photos;
			const coverKeys = photoKeys({ photos: [cover!] });
			const updated = await saved(owner, item, [await jpegFile()], deleted([cover!.src]));
			expect(updated.images).toHaveLength(2);
			expect(updated.images[0]).toBe(second!.src);
			expect(item.images).not.toContain(updated.images[1]);
			for (const key of coverKeys) expect(await use().server.storage.get(key)).toBeNull();
			for (const key of photoKeys(updated)) {
				expect(await use().server.storage.get(key)).not.toBeNull();
			}
		});

		it('accepts full URLs of the photos in deletedImages', async () => {
			const { owner, item } = await itemWithPhotos(2);
			const url = new URL(item.images[1]!, 'http://localhost:4321').href;
			const updated = await saved(owner, item, [], deleted([url]));
			expect(updated.images).toEqual([item.images[0]]);
		});

		it('replaces every photo when all are removed and a new one is added', async () => {
			const { owner, item } = await itemWithPhotos(2);
			const updated = await saved(owner, item, [await jpegFile()], deleted(item.images));
			expect(updated.images).toHaveLength(1);
			expect(item.images).not.toContain(updated.images[0]);
			for (const key of photoKeys(item)) expect(await use().server.storage.get(key)).toBeNull();
		});

		it('refuses to remove every photo with 400 VALIDATION_ERROR, changing nothing', async () => {
			const { owner, item } = await itemWithPhotos(2);
			await expectUpdateRefused(owner, item, [], deleted(item.images), 400, 'VALIDATION_ERROR', {
				files: 'form.errors.imagesRequired',
			});
		});

		it('refuses a sixth photo with 400 TOO_MANY_IMAGES, changing nothing', async () => {
			const { owner, item } = await itemWithPhotos(5);
			await expectUpdateRefused(owner, item, [await jpegFile()], {}, 400, 'TOO_MANY_IMAGES', {
				files: 'form.errors.imagesMax',
			});
			const updated = await saved(owner, item, [await jpegFile()], deleted([item.images[4]!]));
			expect(updated.images).toHaveLength(5);
		});

		it.each([
			['text that is not JSON', 'foto-1.webp'],
			['a JSON object', '{"url":"/media/items/x-1280.webp"}'],
			['a JSON string', '"/media/items/x-1280.webp"'],
			['a list of numbers', '[1, 2]'],
			['JSON null', 'null'],
		])('refuses deletedImages as %s with 400 VALIDATION_ERROR', async (_, value) => {
			const { owner, item } = await itemWithPhotos(2);
			await expectUpdateRefused(
				owner,
				item,
				[],
				{ deletedImages: value },
				400,
				'VALIDATION_ERROR',
				{ deletedImages: 'form.errors.deletedImagesInvalid' },
			);
		});

		it('keeps every photo when a new one is bad, even those marked for removal', async () => {
			const { owner, item } = await itemWithPhotos(2);
			await expectUpdateRefused(
				owner,
				item,
				[await jpegFile(), fileOf(svg, 'kursi.jpg')],
				deleted([item.images[0]!]),
				415,
				'INVALID_IMAGE_FORMAT',
				{ 'files.1': 'form.errors.imageType' },
			);
			for (const key of photoKeys(item)) expect(await use().server.storage.get(key)).not.toBeNull();
		});

		it('leaves another item’s photos alone when their URLs are sent in deletedImages', async () => {
			const { owner, item } = await itemWithPhotos(1);
			const { owner: neighbour, item: theirs } = await itemWithPhotos(1);
			const updated = await saved(owner, item, [], deleted(theirs.images));
			expect(updated.images).toEqual(item.images);
			expect(await getItem(use(), theirs.id, neighbour)).toEqual(theirs);
			for (const key of photoKeys(theirs)) {
				expect(await use().server.storage.get(key)).not.toBeNull();
			}
		});
	});
});
