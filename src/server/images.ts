import sharp, { type Metadata } from 'sharp';
import { itemLimits } from '~/config/limits';
import { shareImageSize } from '~/lib/share-image';
import { AppError } from './http/errors';
import { photoProcessing } from './metrics';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The image type from the file's first bytes; the name and the claimed type are not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
	const startsWith = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
	if (startsWith(0xff, 0xd8, 0xff)) return 'jpeg';
	if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
	const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
	if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
	return null;
}

export interface ProcessedImage {
	/** WebP files by width, largest last. */
	variants: { width: number; height: number; data: Buffer }[];
	width: number;
	height: number;
}

/**
 * Decodes an untrusted upload and re-encodes it as WebP at each requested width: auto-rotated,
 * every metadata block (EXIF, GPS, XMP, ICC) dropped, decoding bombs refused.
 */
export async function reencodeImage(
	bytes: Uint8Array,
	widths: readonly number[],
	options: { maxBytes?: number; square?: boolean } = {},
): Promise<ProcessedImage> {
	const { maxBytes = itemLimits.imageMaxBytes, square = false } = options;
	if (bytes.length === 0 || !sniffImageType(bytes)) throw new AppError('INVALID_IMAGE_FORMAT');
	if (bytes.length > maxBytes) throw new AppError('IMAGE_TOO_LARGE');
	const input = () =>
		sharp(bytes, {
			limitInputPixels: itemLimits.imageMaxPixels,
			failOn: 'truncated',
			sequentialRead: true,
		});
	let metadata: Metadata;
	try {
		// Only the header is read here, so no pixel limit: with one, sharp refuses a pixel bomb
		// before its size is known and it would read as a bad format rather than as too large.
		metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'truncated' }).metadata();
	} catch {
		throw new AppError('INVALID_IMAGE_FORMAT');
	}
	if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? ''))
		throw new AppError('INVALID_IMAGE_FORMAT');
	if ((metadata.width ?? 0) * (metadata.height ?? 0) >= itemLimits.imageMaxPixels) {
		throw new AppError('IMAGE_TOO_LARGE', { image: 'form.errors.imageTooManyPixels' });
	}
	const timer = photoProcessing.startTimer();
	try {
		const variants = await Promise.all(
			widths.map(async (width) => {
				const { data, info } = await input()
					.rotate()
					.resize({
						width,
						...(square ? { height: width } : {}),
						fit: 'inside',
						withoutEnlargement: true,
					})
					.webp({ quality: 78, effort: 4 })
					.toBuffer({ resolveWithObject: true });
				return { width: info.width, height: info.height, data };
			}),
		);
		// A photo smaller than some widths yields the same size more than once; keep one.
		const distinct = variants.filter(
			(variant, index) => variants.findIndex((other) => other.width === variant.width) === index,
		);
		const largest = distinct.at(-1)!;
		return { variants: distinct, width: largest.width, height: largest.height };
	} catch {
		throw new AppError('INVALID_IMAGE_FORMAT');
	} finally {
		timer();
	}
}

/**
 * A link preview of one of the site's own WebP files, as JPEG (some scrapers show no WebP): the
 * whole photo, centred on a blurred copy of itself that fills the 1200×630 frame.
 */
export async function renderSharePreview(webp: Uint8Array): Promise<Buffer> {
	const { width, height } = shareImageSize;
	// Blurred small and then enlarged: as soft as a wide blur at full size, for a fraction of it.
	const backdrop = await sharp(webp)
		.resize(width / 10, Math.round(height / 10), { fit: 'cover' })
		.blur(3)
		.modulate({ brightness: 0.8 })
		.toBuffer();
	const photo = await sharp(webp).resize(width, height, { fit: 'inside' }).toBuffer();
	return sharp(backdrop)
		.resize(width, height)
		.composite([{ input: photo }])
		.jpeg({ quality: 82, mozjpeg: true })
		.toBuffer();
}
