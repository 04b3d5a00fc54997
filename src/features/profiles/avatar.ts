/**
 * Avatars are scaled and re-encoded in the browser before they are sent, so a 12 MP phone photo
 * travels as a JPEG of a few dozen kilobytes on a mobile network.
 */
import { profileLimits } from '~/config/limits';

export interface Size {
	width: number;
	height: number;
}

/** Why a picked avatar was refused, as a `profile.errors.*` message key. */
export type AvatarError =
	| 'profile.errors.invalidImageType'
	| 'profile.errors.imageTooLarge'
	| 'profile.errors.avatarError'
	| 'profile.errors.imageCompressionFailed';

/**
 * The size that fits `size` within a `max`×`max` square keeping its ratio. Smaller images keep
 * their size: upscaling would only add bytes.
 */
export function fitWithin(size: Size, max: number = profileLimits.avatarMaxDimension): Size {
	const scale = Math.min(1, max / size.width, max / size.height);
	return {
		width: Math.max(1, Math.round(size.width * scale)),
		height: Math.max(1, Math.round(size.height * scale)),
	};
}

/** The first rule a picked file breaks (any image type the browser can decode is fine), or null. */
export function checkAvatarFile(file: { type: string; size: number }): AvatarError | null {
	if (!file.type.startsWith('image/')) return 'profile.errors.invalidImageType';
	if (file.size > profileLimits.avatarMaxBytes) return 'profile.errors.imageTooLarge';
	return null;
}

/** A rejection of `encodeAvatar`, carrying the message key to show. */
export class AvatarEncodingError extends Error {
	constructor(readonly key: AvatarError) {
		super(key);
	}
}

/**
 * Decodes `file`, scales it to fit 800×800 and re-encodes it as a JPEG `data:` URL at quality
 * 0.8. Browser only. Rejects with an `AvatarEncodingError`.
 */
export async function encodeAvatar(file: File): Promise<string> {
	const problem = checkAvatarFile(file);
	if (problem) throw new AvatarEncodingError(problem);
	let bitmap: ImageBitmap;
	try {
		bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
	} catch {
		throw new AvatarEncodingError('profile.errors.avatarError');
	}
	try {
		const { width, height } = fitWithin(bitmap);
		const canvas = document.createElement('canvas');
		canvas.width = width;
		canvas.height = height;
		const context = canvas.getContext('2d');
		if (!context) throw new Error('No 2D canvas');
		// JPEG has no transparency: without a background, transparent PNG pixels turn black.
		context.fillStyle = '#fff';
		context.fillRect(0, 0, width, height);
		context.drawImage(bitmap, 0, 0, width, height);
		const dataUrl = canvas.toDataURL('image/jpeg', profileLimits.avatarJpegQuality);
		if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('JPEG encoding unsupported');
		return dataUrl;
	} catch {
		throw new AvatarEncodingError('profile.errors.imageCompressionFailed');
	} finally {
		bitmap.close();
	}
}
