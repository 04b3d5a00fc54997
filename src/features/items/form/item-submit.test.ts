import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { itemFormData, itemSaveFailure } from './item-submit';

const payload = {
	name: 'Kursi kayu',
	description: 'Kursi kayu jati, masih kokoh.',
	category: 'furniture' as const,
	condition: 'used' as const,
	weight: 4.5,
	length: 45,
	width: 45,
	height: 90,
	quantity: 2,
};

describe('itemFormData', () => {
	it('sends the fields as text and every new photo as files', () => {
		const photos = [
			new File(['a'], 'a.jpg', { type: 'image/jpeg' }),
			new File(['b'], 'b.webp', { type: 'image/webp' }),
		];
		const body = itemFormData(payload, { files: photos, verificationToken: 'token-1' });
		expect(body.get('name')).toBe('Kursi kayu');
		expect(body.get('weight')).toBe('4.5');
		expect(body.get('category')).toBe('furniture');
		expect(body.get('condition')).toBe('used');
		expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['a.jpg', 'b.webp']);
		expect(body.get('verificationToken')).toBe('token-1');
		expect(body.has('deletedImages')).toBe(false);
	});

	it('lists removed photos as JSON on edit', () => {
		const body = itemFormData(payload, {
			files: [],
			deletedImages: ['/media/items/a-1280.webp'],
		});
		expect(JSON.parse(String(body.get('deletedImages')))).toEqual(['/media/items/a-1280.webp']);
		expect(body.has('files')).toBe(false);
	});

	it('leaves out a condition an edit does not say, rather than send "undefined"', () => {
		const body = itemFormData({ ...payload, condition: undefined }, { files: [] });
		expect(body.has('condition')).toBe(false);
		expect(body.get('name')).toBe('Kursi kayu');
	});
});

describe('itemSaveFailure', () => {
	it("shows the server's message and its field errors", () => {
		const error = new ApiError(400, 'VALIDATION_ERROR', 'Periksa isian.', {
			name: 'form.errors.itemNameMin',
			'files.1': 'form.errors.imageType',
			verificationToken: 'itemForm.verification.failed',
			unknown: 'x',
		});
		expect(itemSaveFailure('add', error)).toEqual({
			message: { text: 'Periksa isian.' },
			fields: {
				name: 'form.errors.itemNameMin',
				files: 'form.errors.imageType',
				verificationToken: 'itemForm.verification.failed',
			},
		});
	});

	it('falls back to the generic create or update message', () => {
		expect(itemSaveFailure('add', new ApiError(500, 'INTERNAL', '')).message).toEqual({
			key: 'itemForm.add.failed',
		});
		expect(itemSaveFailure('edit', new Error('boom')).message).toEqual({
			key: 'itemForm.edit.failed',
		});
	});

	it('puts photo problems under the photo picker', () => {
		expect(itemSaveFailure('add', new ApiError(415, 'INVALID_IMAGE_FORMAT', 'x')).fields).toEqual({
			files: 'form.errors.imageType',
		});
		expect(itemSaveFailure('edit', new ApiError(413, 'IMAGE_TOO_LARGE', 'x')).fields).toEqual({
			files: 'form.errors.imageTooLarge',
		});
		expect(itemSaveFailure('edit', new ApiError(400, 'TOO_MANY_IMAGES', 'x')).fields).toEqual({
			files: 'form.errors.imagesMax',
		});
	});

	it('reads a lost connection as a failed upload', () => {
		expect(itemSaveFailure('add', new ApiError(0, 'NETWORK_ERROR', ''))).toEqual({
			message: { key: 'itemForm.errors.uploadFailed' },
			fields: {},
		});
	});
});
