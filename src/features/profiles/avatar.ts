/** Avatars travel as a JPEG of a few dozen kilobytes (see `~/lib/image-resize`). */
import { profileLimits } from '~/config/limits';
import { decodePicture, drawScaled, fitWithin, resizePresets } from '~/lib/image-resize';

/** Why a picked avatar was refused, as a `profile.errors.*` message key. */
export type AvatarError =
	| 'profile.errors.invalidImageType'
	| 'profile.errors.imageTooLarge'
	| 'profile.errors.avatarError'
	| 'profile.errors.imageCompressionFailed';

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
		bitmap = await decodePicture(file);
	} catch {
		throw new AvatarEncodingError('profile.errors.avatarError');
	}
	try {
		const { maxDimension, quality } = resizePresets.avatar;
		const canvas = drawScaled(bitmap, fitWithin(bitmap, maxDimension), '#fff');
		const dataUrl = canvas.toDataURL('image/jpeg', quality);
		if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('JPEG encoding unsupported');
		return dataUrl;
	} catch {
		throw new AvatarEncodingError('profile.errors.imageCompressionFailed');
	} finally {
		bitmap.close();
	}
}
