import { describe, expect, it } from 'vitest';
import { fitWithin, resizePresets } from '~/lib/image-resize';
import { renamedFile, resizePlan, resizedType } from './photo-resize';

const megabyte = 1024 * 1024;

describe('fitWithin, with the photo preset', () => {
	const fitLongestSide = (size: { width: number; height: number }) =>
		fitWithin(size, resizePresets.photo.maxDimension);

	it('scales the longest side down to 2048 px, keeping the ratio', () => {
		expect(fitLongestSide({ width: 4000, height: 3000 })).toEqual({ width: 2048, height: 1536 });
		expect(fitLongestSide({ width: 3000, height: 4000 })).toEqual({ width: 1536, height: 2048 });
		expect(fitLongestSide({ width: 9000, height: 10 })).toEqual({ width: 2048, height: 2 });
	});

	it('never upscales and never reaches zero', () => {
		expect(fitLongestSide({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
		expect(fitLongestSide({ width: 100_000, height: 1 })).toEqual({ width: 2048, height: 1 });
	});
});

describe('resizePlan', () => {
	it('keeps a small photo as it is', () => {
		expect(
			resizePlan({ width: 1200, height: 900 }, { type: 'image/png', size: 300_000 }),
		).toBeNull();
	});

	it('scales a large photo and re-encodes a heavy one', () => {
		expect(
			resizePlan({ width: 4032, height: 3024 }, { type: 'image/jpeg', size: 3 * megabyte }),
		).toEqual({
			width: 2048,
			height: 1536,
			type: 'image/jpeg',
		});
		expect(
			resizePlan({ width: 1500, height: 1500 }, { type: 'image/png', size: 4 * megabyte }),
		).toEqual({
			width: 1500,
			height: 1500,
			type: 'image/webp',
		});
	});

	it('keeps JPEG as JPEG and turns PNG and WebP into WebP', () => {
		expect(resizedType('image/jpeg')).toBe('image/jpeg');
		expect(resizedType('image/png')).toBe('image/webp');
		expect(resizedType('image/webp')).toBe('image/webp');
	});
});

describe('renamedFile', () => {
	it('gives the re-encoded photo a matching extension', () => {
		expect(renamedFile('holiday.png', 'image/webp')).toBe('holiday.webp');
		expect(renamedFile('IMG_0001.JPEG', 'image/jpeg')).toBe('IMG_0001.jpg');
		expect(renamedFile('no-extension', 'image/jpeg')).toBe('no-extension.jpg');
		expect(renamedFile('.png', 'image/webp')).toBe('photo.webp');
	});
});
