import { describe, expect, it } from 'vitest';
import { fitWithin, resizePresets } from '~/lib/image-resize';
import { checkAvatarFile } from './avatar';

const megabyte = 1024 * 1024;

describe('fitWithin, with the avatar preset', () => {
	const max = resizePresets.avatar.maxDimension;
	it('scales a landscape photo so its width is 800, keeping the ratio', () => {
		expect(fitWithin({ width: 4000, height: 3000 }, max)).toEqual({ width: 800, height: 600 });
	});

	it('scales a portrait photo so its height is 800', () => {
		expect(fitWithin({ width: 3024, height: 4032 }, max)).toEqual({ width: 600, height: 800 });
	});

	it('scales a large square to exactly 800×800', () => {
		expect(fitWithin({ width: 1200, height: 1200 }, max)).toEqual({ width: 800, height: 800 });
	});

	it('never enlarges a small image', () => {
		expect(fitWithin({ width: 320, height: 240 }, max)).toEqual({ width: 320, height: 240 });
		expect(fitWithin({ width: 800, height: 800 }, max)).toEqual({ width: 800, height: 800 });
	});

	it('keeps a very thin panorama at least one pixel high', () => {
		expect(fitWithin({ width: 20_000, height: 10 }, max)).toEqual({ width: 800, height: 1 });
	});
});

describe('checkAvatarFile', () => {
	it('accepts an image of up to 5 MB', () => {
		expect(checkAvatarFile({ type: 'image/jpeg', size: 5 * megabyte })).toBeNull();
		expect(checkAvatarFile({ type: 'image/webp', size: 1000 })).toBeNull();
	});

	it('refuses a file that is not an image', () => {
		expect(checkAvatarFile({ type: 'application/pdf', size: 1000 })).toBe(
			'profile.errors.invalidImageType',
		);
	});

	it('refuses an image over 5 MB', () => {
		expect(checkAvatarFile({ type: 'image/png', size: 5 * megabyte + 1 })).toBe(
			'profile.errors.imageTooLarge',
		);
	});
});
