import { describe, expect, it } from 'vitest';
import { courierTotal, isCourierCode, serviceFee } from './shipping';

describe('serviceFee', () => {
	it('is 10% of the shipping cost', () => {
		expect(serviceFee(9000)).toBe(900);
		expect(serviceFee(0)).toBe(0);
	});

	it('rounds a part of a rupiah up', () => {
		expect(serviceFee(9001)).toBe(901);
		expect(serviceFee(9009)).toBe(901);
		expect(serviceFee(1)).toBe(1);
		expect(serviceFee(15_555)).toBe(1556);
	});

	it('takes only whole, non-negative rupiah', () => {
		expect(() => serviceFee(9000.5)).toThrow(RangeError);
		expect(() => serviceFee(-1)).toThrow(RangeError);
		expect(() => serviceFee(Number.NaN)).toThrow(RangeError);
	});
});

describe('courierTotal', () => {
	it('adds shipping, the fee and insurance', () => {
		expect(courierTotal({ shipping: 18_500, insurance: 5_200 })).toEqual({
			shipping: 18_500,
			fee: 1_850,
			insurance: 5_200,
			total: 25_550,
		});
	});

	it('counts no insurance as 0', () => {
		expect(courierTotal({ shipping: 9_001 })).toEqual({
			shipping: 9_001,
			fee: 901,
			insurance: 0,
			total: 9_902,
		});
		expect(courierTotal({ shipping: 9_000, insurance: null }).total).toBe(9_900);
	});

	it('refuses an insurance fee that is not whole rupiah', () => {
		expect(() => courierTotal({ shipping: 9_000, insurance: 0.5 })).toThrow(RangeError);
	});
});

describe('isCourierCode', () => {
	it('knows the three couriers offered', () => {
		expect(['jne', 'jnt', 'sicepat'].every(isCourierCode)).toBe(true);
		expect(isCourierCode('anteraja')).toBe(false);
	});
});
