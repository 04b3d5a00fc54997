import { describe, expect, it } from 'vitest';
import { itemListQuerySchema } from './item-list-query';
import { itemInputSchema } from './item-schemas';
import { clampQuantity, toggledStatus, whatsappUrl } from './items';

describe('clampQuantity', () => {
	it('keeps an integer within 1 and the available quantity', () => {
		expect(clampQuantity(3, 5)).toBe(3);
		expect(clampQuantity(9, 5)).toBe(5);
		expect(clampQuantity('2', 5)).toBe(2);
	});

	it('resets anything invalid to 1', () => {
		for (const value of [0, -2, 'abc', '', null, 1.5, Number.NaN]) {
			expect(clampQuantity(value, 5), String(value)).toBe(1);
		}
	});
});

describe('toggledStatus', () => {
	it('marks an available item donated and anything else available again', () => {
		expect(toggledStatus('AVAILABLE')).toBe('DONATED');
		for (const status of ['DONATED', 'RESERVED', 'SHIPPED', 'CANCELLED'] as const) {
			expect(toggledStatus(status)).toBe('AVAILABLE');
		}
	});
});

describe('whatsappUrl', () => {
	it('opens a chat with the donor and a prefilled message', () => {
		expect(whatsappUrl('+6281234567890', 'Halo, kursi?')).toBe(
			'https://wa.me/6281234567890?text=Halo%2C%20kursi%3F',
		);
	});
});

describe('itemInputSchema', () => {
	const valid = {
		name: 'Kursi kayu',
		description: 'Kursi kayu jati, masih kokoh.',
		weight: '4.5',
		length: '45',
		width: '45',
		height: '90',
		quantity: '2',
		condition: 'used',
	};

	it('accepts form values as text and defaults the category', () => {
		expect(itemInputSchema.parse(valid)).toMatchObject({
			weight: 4.5,
			quantity: 2,
			category: 'other',
			condition: 'used',
		});
	});

	it('names the rule each bad field breaks', () => {
		const result = itemInputSchema.safeParse({
			...valid,
			name: 'Ku',
			weight: '0',
			quantity: '101',
		});
		const messages = result.error?.issues.map((issue) => issue.message);
		expect(messages).toEqual(
			expect.arrayContaining([
				'form.errors.itemNameMin',
				'form.errors.weightMin',
				'form.errors.quantityMax',
			]),
		);
	});
});

describe('itemListQuerySchema', () => {
	it('fills in page 1, 12 per page, newest first', () => {
		expect(itemListQuerySchema.parse({})).toEqual({
			page: 1,
			limit: 12,
			sort: 'newest',
			status: 'all',
		});
	});

	it('refuses a page size over 48', () => {
		expect(itemListQuerySchema.safeParse({ limit: '49' }).success).toBe(false);
	});
});
