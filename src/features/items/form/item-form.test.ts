import { describe, expect, it } from 'vitest';
import {
	type EditableItem,
	firstInvalidField,
	hasFieldChanges,
	hasItemChanges,
	initialItemValues,
	type ItemFormValues,
	measurementRange,
	photoCount,
	photoRoom,
	photoSelectionError,
	photoSizeError,
	photoTypeError,
	validateItemForm,
} from './item-form';

const filled: ItemFormValues = {
	name: 'Kursi kayu',
	description: 'Kursi kayu jati, masih kokoh.',
	category: 'furniture',
	condition: 'likeNew',
	weight: '4.5',
	length: '45',
	width: '45',
	height: '90',
	quantity: '2',
	pickupDistrict: '32.73.14',
	chooseAfterHours: '0',
};

const saved: EditableItem = {
	id: 7,
	name: 'Kursi kayu',
	description: 'Kursi kayu jati, masih kokoh.',
	category: 'furniture',
	condition: 'likeNew',
	weight: 4.5,
	length: 45,
	width: 45,
	height: 90,
	quantity: 2,
	images: ['/media/items/a-1280.webp', '/media/items/b-1280.webp'],
	photos: [],
	pickup: {
		provinceCode: '32',
		provinceName: 'Jawa Barat',
		regencyCode: '32.73',
		regencyName: 'Kota Bandung',
		districtCode: '32.73.14',
		districtName: 'Cibeunying Kidul',
	},
	chooseAfterHours: null,
};

const noPhotoChanges = { existing: saved.images, removed: new Set<string>(), added: 0 };

describe('validateItemForm', () => {
	it('accepts a filled form and sends numbers', () => {
		const { payload, errors } = validateItemForm(filled, 'add');
		expect(errors).toEqual({});
		expect(payload).toMatchObject({ weight: 4.5, length: 45, quantity: 2, category: 'furniture' });
	});

	it('sends how the donor chooses: first come, or a wait of 6 to 48 hours', () => {
		expect(validateItemForm(filled, 'add').payload).toMatchObject({ chooseAfterHours: 0 });
		expect(validateItemForm({ ...filled, chooseAfterHours: '24' }, 'add').payload).toMatchObject({
			chooseAfterHours: 24,
		});
		expect(validateItemForm({ ...filled, chooseAfterHours: '49' }, 'add').errors).toEqual({
			chooseAfterHours: 'itemForm.errors.chooseAfterInvalid',
		});
		expect(hasFieldChanges({ ...filled, chooseAfterHours: '12' }, saved)).toBe(true);
		expect(hasFieldChanges(filled, saved)).toBe(false);
	});

	it('asks for a pickup district when none is chosen', () => {
		const { payload, errors } = validateItemForm({ ...filled, pickupDistrict: '' }, 'add');
		expect(payload).toBeNull();
		expect(errors).toEqual({ pickupDistrict: 'itemForm.errors.pickupDistrictRequired' });
	});

	it('asks a new listing for its condition, and lets an edit leave an unsaid one', () => {
		const unsaid = { ...filled, condition: '' as const };
		expect(validateItemForm(unsaid, 'add').errors).toEqual({
			condition: 'itemForm.errors.conditionRequired',
		});
		const { payload, errors } = validateItemForm(unsaid, 'edit');
		expect(errors).toEqual({});
		expect(payload?.condition).toBeUndefined();
		expect(validateItemForm(filled, 'add').payload?.condition).toBe('likeNew');
	});

	it('opens a new item on the donor’s own district', () => {
		expect(initialItemValues(null, '31.74.07').pickupDistrict).toBe('31.74.07');
	});

	it('says an emptied field is required, not too small', () => {
		const { payload, errors } = validateItemForm(
			{ ...filled, name: '  ', weight: '', quantity: '' },
			'add',
		);
		expect(payload).toBeNull();
		expect(errors).toMatchObject({
			name: 'form.errors.itemNameRequired',
			weight: 'form.errors.weightRequired',
			quantity: 'form.errors.quantityRequired',
		});
	});

	it('names the limit each bad value breaks', () => {
		const { errors } = validateItemForm(
			{
				...filled,
				name: 'Ku',
				description: 'Pendek',
				weight: '100.5',
				length: '0.5',
				height: '301',
				quantity: '0',
			},
			'add',
		);
		expect(errors).toEqual({
			name: 'form.errors.itemNameMin',
			description: 'form.errors.descriptionMin',
			weight: 'form.errors.weightMax',
			length: 'form.errors.lengthMin',
			height: 'form.errors.heightMax',
			quantity: 'form.errors.quantityMin',
		});
	});

	it('wants a whole quantity of at most 100', () => {
		expect(validateItemForm({ ...filled, quantity: '1.5' }, 'add').errors.quantity).toBe(
			'form.errors.quantityInteger',
		);
		expect(validateItemForm({ ...filled, quantity: '101' }, 'add').errors.quantity).toBe(
			'form.errors.quantityMax',
		);
	});

	it('allows one decimal, as the 0.1 step does', () => {
		expect(validateItemForm({ ...filled, weight: '0.1', width: '12.3' }, 'add').errors).toEqual({});
		expect(validateItemForm({ ...filled, weight: '0.15' }, 'add').errors.weight).toBe(
			'itemForm.errors.oneDecimal',
		);
	});

	it('lets sizes go down to 0.1 cm on the edit form only', () => {
		expect(validateItemForm({ ...filled, length: '0.5' }, 'edit').errors).toEqual({});
		expect(validateItemForm({ ...filled, length: '0.05' }, 'edit').errors.length).toBe(
			'itemForm.errors.dimensionMinEdit',
		);
		expect(validateItemForm({ ...filled, width: '300.1' }, 'edit').errors.width).toBe(
			'form.errors.widthMax',
		);
	});
});

describe('measurementRange', () => {
	it('follows the item limits for each input', () => {
		expect(measurementRange('weight', 'add')).toEqual({ min: 0.1, max: 100, step: 0.1 });
		expect(measurementRange('height', 'add')).toEqual({ min: 1, max: 300, step: 0.1 });
		expect(measurementRange('height', 'edit')).toEqual({ min: 0.1, max: 300, step: 0.1 });
		expect(measurementRange('quantity', 'edit')).toEqual({ min: 1, max: 100, step: 1 });
	});
});

describe('initialItemValues', () => {
	it('starts a new item empty with one piece in the other category', () => {
		expect(initialItemValues()).toMatchObject({ name: '', category: 'other', quantity: '1' });
	});

	it('fills the edit form from the saved item', () => {
		expect(initialItemValues(saved)).toEqual(filled);
	});

	it('leaves the condition unpicked for an item listed without one', () => {
		const listedBefore = { ...saved, condition: null };
		expect(initialItemValues(listedBefore).condition).toBe('');
		expect(hasItemChanges(initialItemValues(listedBefore), listedBefore, noPhotoChanges)).toBe(
			false,
		);
	});
});

describe('hasItemChanges', () => {
	it('sees nothing to save in an untouched form', () => {
		expect(hasItemChanges(initialItemValues(saved), saved, noPhotoChanges)).toBe(false);
	});

	it('compares numbers as numbers and ignores surrounding spaces', () => {
		const same = { ...filled, weight: '4.50', length: '45.0', name: 'Kursi kayu ' };
		expect(hasItemChanges(same, saved, noPhotoChanges)).toBe(false);
	});

	it('counts an edited field, a removed photo or an added photo as a change', () => {
		expect(hasItemChanges({ ...filled, quantity: '3' }, saved, noPhotoChanges)).toBe(true);
		expect(hasItemChanges({ ...filled, category: 'other' }, saved, noPhotoChanges)).toBe(true);
		expect(hasItemChanges({ ...filled, condition: 'used' }, saved, noPhotoChanges)).toBe(true);
		expect(hasItemChanges({ ...filled, width: '' }, saved, noPhotoChanges)).toBe(true);
		const removedOne = { ...noPhotoChanges, removed: new Set([saved.images[0]!]) };
		expect(hasItemChanges(filled, saved, removedOne)).toBe(true);
		expect(hasItemChanges(filled, saved, { ...noPhotoChanges, added: 1 })).toBe(true);
	});
});

describe('photo rules', () => {
	it('needs at least one photo to remain', () => {
		expect(photoSelectionError({ existing: [], removed: new Set(), added: 0 })).toBe(
			'form.errors.imagesRequired',
		);
		const allRemoved = { ...noPhotoChanges, removed: new Set(saved.images) };
		expect(photoCount(allRemoved)).toBe(0);
		expect(photoSelectionError(allRemoved)).toBe('form.errors.imagesRequired');
		expect(photoSelectionError({ ...allRemoved, added: 1 })).toBeUndefined();
	});

	it('allows at most five photos in all', () => {
		expect(photoRoom(noPhotoChanges)).toBe(3);
		expect(photoRoom({ ...noPhotoChanges, added: 3 })).toBe(0);
		expect(photoSelectionError({ ...noPhotoChanges, added: 3 })).toBeUndefined();
		expect(photoSelectionError({ ...noPhotoChanges, added: 4 })).toBe('form.errors.imagesMax');
		const removedOne = { ...noPhotoChanges, removed: new Set([saved.images[1]!]), added: 4 };
		expect(photoSelectionError(removedOne)).toBeUndefined();
	});

	it('accepts only JPEG, PNG and WebP of at most 5 MB', () => {
		for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
			expect(photoTypeError({ type }), type).toBeNull();
		}
		for (const type of ['image/gif', 'image/heic', 'application/pdf', '']) {
			expect(photoTypeError({ type }), type).toBe('form.errors.imageType');
		}
		expect(photoSizeError({ size: 5 * 1024 * 1024 })).toBeNull();
		expect(photoSizeError({ size: 5 * 1024 * 1024 + 1 })).toBe('form.errors.imageTooLarge');
	});
});

describe('firstInvalidField', () => {
	it('follows the order of the form, photos and verification last', () => {
		expect(
			firstInvalidField({ verificationToken: 'x', files: 'y', quantity: 'z', description: 'w' }),
		).toBe('description');
		expect(firstInvalidField({ verificationToken: 'x', files: 'y' })).toBe('files');
		expect(firstInvalidField({})).toBeUndefined();
	});
});
