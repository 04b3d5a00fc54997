import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import {
	hasChanges,
	initialFormValues,
	saveFailure,
	savedProfileTarget,
	validateProfileForm,
} from './profile-form';
import type { ProfileCheck } from './profiles';

const empty: ProfileCheck = {
	isComplete: false,
	createdAt: '2026-01-05T00:00:00.000Z',
	userId: 'user-1',
	profile: {
		name: null,
		phone: null,
		address: null,
		areaId: null,
		areaName: null,
		imageUrl: null,
		email: 'siti@example.com',
		bio: null,
	},
};

const complete: ProfileCheck = {
	...empty,
	isComplete: true,
	profile: {
		...empty.profile,
		name: 'Siti Rahma',
		phone: '+6281234567890',
		address: 'Jl. Melati No. 5, RT 02/RW 03',
		areaId: '31.74.07',
		areaName: 'Kebayoran Baru',
		imageUrl: '/media/avatars/siti.webp',
		bio: 'Suka berbagi buku anak.',
	},
};

describe('initialFormValues and hasChanges', () => {
	it('shows the saved phone as the digits after +62', () => {
		expect(initialFormValues(complete).phoneDigits).toBe('81234567890');
	});

	it('counts an untouched form as unchanged, and any edit or new avatar as a change', () => {
		const values = initialFormValues(complete);
		expect(hasChanges(values, complete)).toBe(false);
		expect(hasChanges({ ...values, address: `${values.address}.` }, complete)).toBe(true);
		expect(hasChanges({ ...values, newAvatar: 'data:image/jpeg;base64,AA' }, complete)).toBe(true);
	});
});

describe('validateProfileForm', () => {
	const filled = {
		...initialFormValues(empty),
		name: '  Budi Santoso ',
		phoneDigits: '81234567890',
		areaId: '31.74.07',
		areaName: 'Kebayoran Baru',
		address: 'Jl. Kenanga No. 12, Jakarta',
	};

	it('gives the payload with +62, trimmed text and the saved bio kept on completion', () => {
		const { payload, errors } = validateProfileForm(filled, empty, 'complete');
		expect(errors).toEqual({});
		expect(payload).toMatchObject({
			name: 'Budi Santoso',
			phone: '+6281234567890',
			areaId: '31.74.07',
			imageUrl: null,
			bio: null,
		});
	});

	it('reports one message key per field of an empty form', () => {
		const { payload, errors } = validateProfileForm(initialFormValues(empty), empty, 'complete');
		expect(payload).toBeNull();
		expect(errors).toEqual({
			name: 'form.errors.nameRequired',
			phone: 'form.errors.phoneRequired',
			address: 'form.errors.addressRequired',
			areaId: 'form.errors.areaRequired',
		});
	});

	it('refuses a bio over 160 characters when editing', () => {
		const values = { ...initialFormValues(complete), bio: 'a'.repeat(161) };
		expect(validateProfileForm(values, complete, 'edit').errors).toEqual({
			bio: 'form.errors.bioMax',
		});
	});

	it('asks for a photo when editing a profile that has none, not when completing one', () => {
		const withoutPhoto: ProfileCheck = {
			...complete,
			profile: { ...complete.profile, imageUrl: null },
		};
		const values = { ...initialFormValues(withoutPhoto), name: 'Siti Rahmawati' };
		expect(validateProfileForm(values, withoutPhoto, 'edit')).toEqual({
			payload: null,
			errors: { imageUrl: 'form.errors.imageUrlRequired' },
		});
		const picked = { ...values, newAvatar: 'data:image/jpeg;base64,AA' };
		expect(validateProfileForm(picked, withoutPhoto, 'edit').errors).toEqual({});
		expect(validateProfileForm(filled, empty, 'complete').errors).toEqual({});
	});

	it('sends the new avatar instead of the saved one, and an emptied bio as null', () => {
		const values = {
			...initialFormValues(complete),
			bio: ' ',
			newAvatar: 'data:image/jpeg;base64,AA',
		};
		expect(validateProfileForm(values, complete, 'edit').payload).toMatchObject({
			imageUrl: 'data:image/jpeg;base64,AA',
			bio: null,
		});
	});
});

describe('saveFailure', () => {
	const error = (code: string, message = '', fields?: Record<string, string>) =>
		new ApiError(400, code, message, fields);

	it('shows the field errors of a rejected completion, else the server message', () => {
		expect(
			saveFailure(
				'complete',
				error('VALIDATION_ERROR', 'Nama terlalu pendek', { name: 'form.errors.nameMin' }),
			),
		).toEqual({ message: null, fields: { name: 'form.errors.nameMin' } });
		expect(saveFailure('complete', error('VALIDATION_ERROR', 'Nama terlalu pendek'))).toEqual({
			message: { text: 'Nama terlalu pendek' },
			fields: {},
		});
		expect(saveFailure('complete', error('VALIDATION_ERROR')).message).toEqual({
			key: 'profile.setup.invalidInput',
		});
	});

	it('says a field error above the form when that form does not show the field', () => {
		expect(
			saveFailure('complete', error('VALIDATION_ERROR', '', { bio: 'form.errors.bioMax' })),
		).toEqual({
			message: { key: 'profile.setup.invalidInput' },
			fields: { bio: 'form.errors.bioMax' },
		});
		expect(
			saveFailure('edit', error('VALIDATION_ERROR', '', { bio: 'form.errors.bioMax' })),
		).toEqual({ message: null, fields: { bio: 'form.errors.bioMax' } });
	});

	it('puts a phone already in use under the phone field alone, in both modes', () => {
		for (const mode of ['complete', 'edit'] as const) {
			expect(saveFailure(mode, error('DUPLICATE_PHONE'))).toEqual({
				message: null,
				fields: { phone: 'profile.setup.phoneInUse' },
			});
		}
	});

	it('maps an unknown area on completion and image problems on edit to their fields', () => {
		expect(saveFailure('complete', error('INVALID_AREA')).fields).toEqual({
			areaId: 'profile.setup.invalidArea',
		});
		expect(saveFailure('edit', error('INVALID_IMAGE_FORMAT')).fields).toEqual({
			imageUrl: 'profile.errors.invalidImageType',
		});
		expect(saveFailure('edit', error('IMAGE_TOO_LARGE')).fields).toEqual({
			imageUrl: 'profile.errors.imageTooLarge',
		});
	});

	it('falls back to the generic message of each mode, also for network failures', () => {
		expect(saveFailure('complete', new TypeError('Failed to fetch')).message).toEqual({
			key: 'profile.setup.error',
		});
		expect(saveFailure('edit', error('INTERNAL')).message).toEqual({ key: 'profile.edit.error' });
		expect(saveFailure('edit', error('INVALID_AREA')).message).toEqual({
			key: 'profile.edit.error',
		});
	});
});

describe('savedProfileTarget', () => {
	it('goes to the profile in the visitor’s language by default', () => {
		expect(savedProfileTarget('id')).toBe('/profile');
		expect(savedProfileTarget('en')).toBe('/en/profile');
	});

	it('follows a same-origin redirect, localized', () => {
		expect(savedProfileTarget('en', '/items/42')).toBe('/en/items/42');
		expect(savedProfileTarget('id', '/donate-item')).toBe('/donate-item');
	});

	it('ignores a redirect to another site', () => {
		expect(savedProfileTarget('id', '//evil.example/x')).toBe('/profile');
		expect(savedProfileTarget('id', 'https://evil.example')).toBe('/profile');
	});
});
