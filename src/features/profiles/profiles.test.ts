import { describe, expect, it } from 'vitest';
import { fieldErrors } from '~/lib/field-errors';
import { profileInputSchema } from './profiles';

const valid = {
	name: 'Siti Rahma',
	phone: '81234567890',
	address: 'Jl. Melati No. 5, RT 02/RW 03',
	areaId: '31.74.07',
};

function errorsOf(input: Record<string, unknown>) {
	const result = profileInputSchema.safeParse(input);
	return result.success ? {} : fieldErrors(result.error.issues);
}

describe('profileInputSchema', () => {
	it('accepts a complete profile and normalizes the phone', () => {
		const result = profileInputSchema.parse(valid);
		expect(result.phone).toBe('+6281234567890');
	});

	it('names the rule each bad field breaks', () => {
		expect(errorsOf({ ...valid, name: '' }).name).toBe('form.errors.nameRequired');
		expect(errorsOf({ ...valid, name: 'Al' }).name).toBe('form.errors.nameMin');
		expect(errorsOf({ ...valid, name: 'x'.repeat(51) }).name).toBe('form.errors.nameMax');
		expect(errorsOf({ ...valid, phone: '' }).phone).toBe('form.errors.phoneRequired');
		expect(errorsOf({ ...valid, phone: '0123' }).phone).toBe('form.errors.phoneInvalid');
		expect(errorsOf({ ...valid, address: 'Jl. A' }).address).toBe('form.errors.addressMin');
		expect(errorsOf({ ...valid, address: 'x'.repeat(201) }).address).toBe('form.errors.addressMax');
		expect(errorsOf({ ...valid, areaId: ' ' }).areaId).toBe('form.errors.areaRequired');
		expect(errorsOf({ ...valid, imageUrl: 'javascript:alert(1)' }).imageUrl).toBe(
			'form.errors.imageUrlInvalid',
		);
	});

	it('accepts names and addresses exactly at their limits', () => {
		expect(errorsOf({ ...valid, name: 'Ani', address: 'x'.repeat(10) })).toEqual({});
		expect(errorsOf({ ...valid, name: 'x'.repeat(50), address: 'x'.repeat(200) })).toEqual({});
	});

	it('takes 10 to 12 digits after +62, the first not 0', () => {
		expect(errorsOf({ ...valid, phone: '812345678' }).phone).toBe('form.errors.phoneInvalid');
		expect(errorsOf({ ...valid, phone: '8123456789' })).toEqual({});
		expect(errorsOf({ ...valid, phone: '812345678901' })).toEqual({});
		expect(errorsOf({ ...valid, phone: '8123456789012' }).phone).toBe('form.errors.phoneInvalid');
	});
});
