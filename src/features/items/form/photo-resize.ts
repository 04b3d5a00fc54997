/**
 * Item photos are scaled down in the browser before they are uploaded: a 12 MP phone photo
 * (4–8 MB) becomes a 2048 px JPEG or WebP of a few hundred kilobytes, which uploads in seconds on
 * a mobile network and keeps most photos under the 5 MB limit. The server re-encodes them anyway,
 * so nothing is lost that a visitor would see.
 */
import {
	decodePicture,
	drawScaled,
	encodeCanvas,
	fitWithin,
	resizePresets,
	type Size,
} from '~/lib/image-resize';
import { photoSizeError, photoTypeError } from './item-form';

/** Photos already small in pixels are still re-encoded above this size, to save upload time. */
const reencodeAboveBytes = 1024 * 1024;

/** The type a photo is re-encoded to: JPEG stays JPEG; PNG and WebP become WebP (keeps transparency). */
export function resizedType(type: string): 'image/jpeg' | 'image/webp' {
	return type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
}

/** How to re-encode a photo, or null when the original is already fine to upload as it is. */
export function resizePlan(
	size: Size,
	file: { type: string; size: number },
): (Size & { type: 'image/jpeg' | 'image/webp' }) | null {
	const fitted = fitWithin(size, resizePresets.photo.maxDimension);
	const scaled = fitted.width !== size.width || fitted.height !== size.height;
	if (!scaled && file.size <= reencodeAboveBytes) return null;
	return { ...fitted, type: resizedType(file.type) };
}

/** `holiday.png` re-encoded as WebP is sent as `holiday.webp`. */
export function renamedFile(name: string, type: string): string {
	const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
	return `${base}.${type === 'image/jpeg' ? 'jpg' : 'webp'}`;
}

/** A rejected photo, carrying the message key to show. */
export class PhotoError extends Error {
	constructor(readonly key: string) {
		super(key);
	}
}

const encode = (canvas: HTMLCanvasElement, type: string) =>
	encodeCanvas(canvas, type, resizePresets.photo.quality);

/**
 * Checks a picked file (JPEG, PNG or WebP that decodes) and returns what to upload: the original
 * when it is small enough, else a scaled re-encoding. Browser only; rejects with `PhotoError`.
 */
export async function preparePhoto(file: File): Promise<File> {
	const typeError = photoTypeError(file);
	if (typeError) throw new PhotoError(typeError);
	let bitmap: ImageBitmap;
	try {
		bitmap = await decodePicture(file);
	} catch {
		throw new PhotoError('form.errors.imageType');
	}
	let result: File = file;
	try {
		const plan = resizePlan(bitmap, file);
		if (plan) {
			const background = plan.type === 'image/jpeg' ? '#fff' : null;
			let blob = await encode(drawScaled(bitmap, plan, background), plan.type);
			// Browsers without a WebP encoder hand back PNG: JPEG is the smaller fallback.
			if (blob?.type !== plan.type)
				blob = await encode(drawScaled(bitmap, plan, '#fff'), 'image/jpeg');
			const scaled = plan.width !== bitmap.width || plan.height !== bitmap.height;
			// Unscaled re-encodings only pay off when they are smaller than the original.
			const encoded = blob && (blob.type === 'image/jpeg' || blob.type === 'image/webp');
			if (blob && encoded && (scaled || blob.size < file.size)) {
				result = new File([blob], renamedFile(file.name, blob.type), { type: blob.type });
			}
		}
	} finally {
		bitmap.close();
	}
	const sizeError = photoSizeError(result);
	if (sizeError) throw new PhotoError(sizeError);
	return result;
}
