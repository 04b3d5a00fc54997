import { randomUUID } from 'node:crypto';
import { itemLimits } from '~/config/limits';
import { AppError } from '~/server/http/errors';
import { type ProcessedImage, reencodeImage } from '~/server/images';
import { deleteFiles, mediaUrl, newStorageKey, type Storage } from '~/server/storage';
import type { ItemPhoto } from './items';

/** Widths stored for every photo: cards use the small ones, the gallery the large ones. */
export const photoWidths = [360, 720, 1280] as const;

/** A photo ready to store: decoded, re-encoded, not yet written anywhere. */
export interface PreparedPhoto {
	id: string;
	key: string;
	image: ProcessedImage;
}

export interface StoredPhotoRow {
	key: string;
	widths: number[];
	width: number;
	height: number;
}

function fileKey(key: string, width: number): string {
	return `${key}-${width}.webp`;
}

/** Every stored WebP file of a photo (their link previews follow them: `deleteFiles`). */
export function photoFiles(photo: Pick<StoredPhotoRow, 'key' | 'widths'>): string[] {
	return photo.widths.map((width) => fileKey(photo.key, width));
}

/** The photo as the API shows it. */
export function photoView(photo: StoredPhotoRow): ItemPhoto {
	const widths = [...photo.widths].sort((a, b) => a - b);
	return {
		src: mediaUrl(fileKey(photo.key, widths.at(-1)!)),
		srcset: widths.map((width) => `${mediaUrl(fileKey(photo.key, width))} ${width}w`).join(', '),
		width: photo.width,
		height: photo.height,
	};
}

/** The photo's id in an image URL (`/media/items/<hex>-1280.webp`), for `deletedImages`. */
export function photoKeyFromUrl(url: string): string | null {
	const match = /\/media\/(items\/[a-f0-9]{32})-\d+\.webp$/.exec(url);
	return match?.[1] ?? null;
}

/**
 * Decodes and re-encodes uploads one after another (a 12-megapixel photo holds a lot of
 * memory while decoding) before anything is stored, so a bad fifth photo stores nothing.
 */
export async function preparePhotos(files: readonly File[]): Promise<PreparedPhoto[]> {
	const prepared: PreparedPhoto[] = [];
	for (const [index, file] of files.entries()) {
		if (file.size > itemLimits.imageMaxBytes) {
			throw new AppError('IMAGE_TOO_LARGE', { [`files.${index}`]: 'form.errors.imageTooLarge' });
		}
		const bytes = new Uint8Array(await file.arrayBuffer());
		try {
			const image = await reencodeImage(bytes, photoWidths);
			prepared.push({ id: randomUUID(), key: newStorageKey('items'), image });
		} catch (error) {
			if (error instanceof AppError) {
				const fallback = error.code === 'IMAGE_TOO_LARGE' ? 'imageTooLarge' : 'imageType';
				const message = error.fields?.['image'] ?? `form.errors.${fallback}`;
				throw new AppError(error.code, { [`files.${index}`]: message });
			}
			throw error;
		}
	}
	return prepared;
}

/** Writes prepared photos; on failure removes what it wrote. Returns the keys written. */
export async function storePhotos(storage: Storage, photos: PreparedPhoto[]): Promise<string[]> {
	const written: string[] = [];
	try {
		for (const photo of photos) {
			for (const variant of photo.image.variants) {
				const key = fileKey(photo.key, variant.width);
				await storage.put(key, variant.data, 'image/webp');
				written.push(key);
			}
		}
		return written;
	} catch (error) {
		await deleteFiles(storage, written);
		throw error;
	}
}

/** The row values of a prepared photo. */
export function photoRow(photo: PreparedPhoto): StoredPhotoRow {
	return {
		key: photo.key,
		widths: photo.image.variants.map((variant) => variant.width),
		width: photo.image.width,
		height: photo.image.height,
	};
}
