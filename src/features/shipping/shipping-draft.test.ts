import { describe, expect, it } from 'vitest';
import type { Area } from '~/features/areas/areas';
import type { OwnProfile } from '~/features/profiles/profiles';
import { draftFromProfile, postalCodeOf, shippingInput } from './shipping-draft';

const profile: OwnProfile = {
	name: 'Budi Santoso',
	phone: '+6281234567890',
	address: 'Jl. Kenanga No. 12, RT 01/RW 02',
	areaId: '31.74.07',
	areaName: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
	imageUrl: null,
	email: 'budi@example.com',
	bio: null,
};

const pesanggrahan: Area = {
	id: 'IDNP6IDNC148IDND841IDZ12250',
	name: 'Pesanggrahan, Jakarta Selatan, DKI Jakarta. 12250',
	administrative_division_level_1_name: 'DKI Jakarta',
	administrative_division_level_2_name: 'Jakarta Selatan',
	administrative_division_level_3_name: 'Pesanggrahan',
	postal_code: '12250',
};

describe('the shipping draft', () => {
	it('is filled in from the receiver’s profile', () => {
		expect(draftFromProfile(profile)).toEqual({
			recipientName: 'Budi Santoso',
			phoneDigits: '81234567890',
			area: { id: '31.74.07', name: profile.areaName },
			village: '',
			postalCode: null,
			address: profile.address,
		});
		expect(draftFromProfile(undefined).area).toBeNull();
	});

	it('takes the district’s postal code until one is typed', () => {
		const draft = draftFromProfile(profile);
		expect(postalCodeOf(draft, pesanggrahan)).toBe('12250');
		expect(postalCodeOf({ ...draft, postalCode: '12260' }, pesanggrahan)).toBe('12260');
		expect(postalCodeOf(draft, undefined)).toBe('');
	});

	it('becomes the form’s input with the district’s province, city and district', () => {
		const draft = { ...draftFromProfile(profile), village: 'Bintaro' };
		const input = shippingInput(draft, pesanggrahan, {
			rate: { courierCode: 'jne', serviceCode: 'reg' },
			insurance: true,
			quantity: 2,
		});
		expect(input).toMatchObject({
			recipientPhone: '+6281234567890',
			province: 'DKI Jakarta',
			city: 'Jakarta Selatan',
			district: 'Pesanggrahan',
			postalCode: '12250',
			courierCode: 'jne',
			serviceCode: 'reg',
			insurance: true,
			quantity: 2,
		});
		expect(
			shippingInput({ ...draft, phoneDigits: '' }, undefined, {
				rate: null,
				insurance: false,
				quantity: 1,
			}),
		).toMatchObject({ recipientPhone: '', province: '', courierCode: '' });
	});
});
