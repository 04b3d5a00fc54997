import { needLimits } from '~/config/limits';
import { AppError } from '~/server/http/errors';
import { reencodeImage } from '~/server/images';
import { newStorageKey, type Storage } from '~/server/storage';

/** The width a need's photo is stored at: one WebP file, as a thank-you's. */
export const needPhotoWidth = 720;

/** A stored photo of a need. */
export interface NeedPhoto {
	key: string;
	width: number;
	height: number;
}

/** The photo's refusal, on the form's `photo` field. */
const refused = (code: 'IMAGE_TOO_LARGE' | 'INVALID_IMAGE_FORMAT') =>
	new AppError(code, {
		photo: code === 'IMAGE_TOO_LARGE' ? 'needs.errors.photoTooLarge' : 'needs.errors.photoInvalid',
	});

/** Checks a data URL's photo from its bytes, re-encodes it without metadata, and stores it. */
export async function storeNeedPhoto(storage: Storage, dataUrl: string): Promise<NeedPhoto> {
	const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
	if (bytes.length > needLimits.photoMaxBytes) throw refused('IMAGE_TOO_LARGE');
	let image;
	try {
		image = await reencodeImage(bytes, [needPhotoWidth], { maxBytes: needLimits.photoMaxBytes });
	} catch (error) {
		if (error instanceof AppError) {
			throw refused(error.code === 'IMAGE_TOO_LARGE' ? 'IMAGE_TOO_LARGE' : 'INVALID_IMAGE_FORMAT');
		}
		throw error;
	}
	const variant = image.variants[0]!;
	const key = `${newStorageKey('needs')}.webp`;
	await storage.put(key, variant.data, 'image/webp');
	return { key, width: variant.width, height: variant.height };
}
