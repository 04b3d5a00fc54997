import { describe, expect, it } from 'vitest';
import { chosenLocale, signInErrorPath } from './error-page';

describe('the sign-in error page', () => {
	it('is in the language asked for, with the reason', () => {
		expect(signInErrorPath('invalid_ticket', 'id')).toBe('/auth/error?reason=invalid_ticket');
		expect(signInErrorPath('state mismatch', 'en')).toBe('/en/auth/error?reason=state%20mismatch');
	});

	it('takes the language from the switcher’s cookie, Indonesian without one', () => {
		expect(chosenLocale('en')).toBe('en');
		expect(chosenLocale('id')).toBe('id');
		expect(chosenLocale(undefined)).toBe('id');
		expect(chosenLocale('fr')).toBe('id');
	});
});
