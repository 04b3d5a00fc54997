/**
 * Pictures are scaled and re-encoded in the browser before they are sent, so a 12 MP phone photo
 * travels as a few dozen or hundred kilobytes on a mobile network. One way to do it, two presets:
 * avatars and item photos.
 */
import { profileLimits } from '~/config/limits';

export interface Size {
	width: number;
	height: number;
}

export interface ResizePreset {
	/** The longest side after scaling. */
	maxDimension: number;
	/** JPEG or WebP quality, 0 to 1. */
	quality: number;
}

export const resizePresets = {
	avatar: {
		maxDimension: profileLimits.avatarMaxDimension,
		quality: profileLimits.avatarJpegQuality,
	},
	/** The server's largest served width is smaller; it re-encodes anyway. */
	photo: { maxDimension: 2048, quality: 0.85 },
} as const satisfies Record<string, ResizePreset>;

/**
 * The size whose longest side is at most `max`, keeping the ratio. Smaller images keep their
 * size (upscaling would only add bytes), and no side reaches zero.
 */
export function fitWithin(size: Size, max: number): Size {
	const scale = Math.min(1, max / Math.max(size.width, size.height));
	return {
		width: Math.max(1, Math.round(size.width * scale)),
		height: Math.max(1, Math.round(size.height * scale)),
	};
}

/** The picture upright as the camera meant it; rejects when the browser cannot decode it. */
export function decodePicture(file: Blob): Promise<ImageBitmap> {
	return createImageBitmap(file, { imageOrientation: 'from-image' });
}

/**
 * A canvas with `bitmap` drawn at `size`. JPEG has no transparency: pass a `background` for it,
 * or transparent pixels turn black.
 */
export function drawScaled(bitmap: ImageBitmap, size: Size, background: string | null) {
	const canvas = document.createElement('canvas');
	canvas.width = size.width;
	canvas.height = size.height;
	const context = canvas.getContext('2d');
	if (!context) throw new Error('No 2D canvas');
	if (background) {
		context.fillStyle = background;
		context.fillRect(0, 0, size.width, size.height);
	}
	context.drawImage(bitmap, 0, 0, size.width, size.height);
	return canvas;
}

/** The canvas encoded as `type`; browsers without that encoder hand back PNG. */
export function encodeCanvas(
	canvas: HTMLCanvasElement,
	type: string,
	quality: number,
): Promise<Blob | null> {
	return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
