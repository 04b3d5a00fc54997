import { describe, expect, it } from 'vitest';
import { fieldErrors } from '~/lib/field-errors';
import { type ShippingFormInput, shippingFormSchema } from './shipping';

const valid: ShippingFormInput = {
	recipientName: 'Budi Santoso',
	recipientPhone: '0812-3456-7890',
	areaId: '31.74.07',
	province: 'DKI Jakarta',
	city: 'Kota Jakarta Selatan',
	district: 'Kebayoran Baru',
	village: 'Gunung',
	postalCode: '12120',
	address: 'Jl. Kenanga No. 12, RT 01/RW 02',
	courierCode: 'jne',
	serviceCode: 'reg',
	insurance: false,
	quantity: 1,
};

const errorsOf = (input: Record<string, unknown>) => {
	const result = shippingFormSchema.safeParse(input);
	return result.success ? {} : fieldErrors(result.error.issues);
};

describe('shippingFormSchema', () => {
	it('accepts a complete form, trimming texts and writing the phone as +62…', () => {
		const result = shippingFormSchema.parse({ ...valid, recipientName: '  Budi Santoso ' });
		expect(result.recipientName).toBe('Budi Santoso');
		expect(result.recipientPhone).toBe('+6281234567890');
	});

	it('names one message per empty field', () => {
		const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
		expect(errorsOf({ ...empty, insurance: false, quantity: 1 })).toEqual({
			recipientName: 'shipping.errors.recipientNameRequired',
			recipientPhone: 'shipping.errors.recipientPhoneRequired',
			areaId: 'shipping.errors.areaRequired',
			province: 'shipping.errors.provinceRequired',
			city: 'shipping.errors.cityRequired',
			district: 'shipping.errors.districtRequired',
			village: 'shipping.errors.villageRequired',
			postalCode: 'shipping.errors.postalCodeRequired',
			address: 'shipping.errors.addressRequired',
			courierCode: 'shipping.errors.courierRequired',
			serviceCode: 'shipping.errors.courierRequired',
		});
	});

	it('checks the lengths of every shipping form field', () => {
		expect(
			errorsOf({
				...valid,
				recipientName: 'Bu',
				city: 'x'.repeat(51),
				village: 'Gu',
				address: 'Jl. Kecil',
			}),
		).toEqual({
			recipientName: 'shipping.errors.recipientNameMin',
			city: 'shipping.errors.cityMax',
			village: 'shipping.errors.villageMin',
			address: 'shipping.errors.addressMin',
		});
		expect(errorsOf({ ...valid, recipientName: 'x'.repeat(101) })).toEqual({
			recipientName: 'shipping.errors.recipientNameMax',
		});
	});

	it('takes a WhatsApp number as the profile does', () => {
		for (const phone of ['812345', '+60123456789', '0012345678901']) {
			expect(errorsOf({ ...valid, recipientPhone: phone })).toEqual({
				recipientPhone: 'shipping.errors.recipientPhoneInvalid',
			});
		}
		expect(errorsOf({ ...valid, recipientPhone: '+62 812 3456 789' })).toEqual({});
	});

	it('takes a postal code of exactly 5 digits', () => {
		for (const postalCode of ['1212', '121200', '12a20']) {
			expect(errorsOf({ ...valid, postalCode })).toEqual({
				postalCode: 'shipping.errors.postalCodeInvalid',
			});
		}
	});

	it('refuses a quantity outside 1–100 and insurance that is not a yes or no', () => {
		expect(errorsOf({ ...valid, quantity: 0, insurance: 'yes' })).toEqual({
			quantity: 'shipping.errors.quantityInvalid',
			insurance: 'shipping.errors.insuranceInvalid',
		});
		expect(errorsOf({ ...valid, quantity: 1.5 })).toEqual({
			quantity: 'shipping.errors.quantityInvalid',
		});
	});

	it('refuses a text no database can store', () => {
		expect(errorsOf({ ...valid, address: 'Jl. Kenanga\u0000 No. 12' })).toEqual({
			address: 'form.errors.invalidCharacter',
		});
	});
});
