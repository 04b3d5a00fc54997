import { describe, expect, it } from 'vitest';
import { formatPhoneDigits, normalizePhone, phoneLocalDigits } from './phone';

describe('normalizePhone', () => {
	it('prepends +62 and rewrites a leading 0 or 62', () => {
		expect(normalizePhone('81234567890')).toBe('+6281234567890');
		expect(normalizePhone('081234567890')).toBe('+6281234567890');
		expect(normalizePhone('6281234567890')).toBe('+6281234567890');
		expect(normalizePhone('+62 812-3456-7890')).toBe('+6281234567890');
	});
});

describe('phone field display', () => {
	it('groups the digits after +62 with dashes and caps them at 12', () => {
		expect(formatPhoneDigits('81234567890')).toBe('812-3456-7890');
		expect(phoneLocalDigits('+62812345678901234')).toBe('812345678901');
	});
});
