import enProfile from '../../../locales/en/profile.json';
import idProfile from '../../../locales/id/profile.json';
import { describe, expect, it } from 'vitest';
import { checkIdentityDocument } from './identity';

const megabyte = 1024 * 1024;
const photo = { type: 'image/jpeg', size: 2 * megabyte, width: 1600, height: 1000 };

describe('checkIdentityDocument', () => {
	it('verifies a clear JPEG, PNG or WebP photo', () => {
		for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
			expect(checkIdentityDocument({ ...photo, type }), type).toBe('verified');
		}
	});

	it('accepts exactly 600×400 pixels and 5 MB', () => {
		expect(checkIdentityDocument({ ...photo, width: 600, height: 400, size: 5 * megabyte })).toBe(
			'verified',
		);
	});

	it('accepts a card photographed upright', () => {
		expect(checkIdentityDocument({ ...photo, width: 400, height: 600 })).toBe('verified');
	});

	it('refuses other file types, such as a PDF or a GIF', () => {
		expect(checkIdentityDocument({ ...photo, type: 'application/pdf' })).toBe('invalidType');
		expect(checkIdentityDocument({ ...photo, type: 'image/gif' })).toBe('invalidType');
	});

	it('refuses a photo over 5 MB', () => {
		expect(checkIdentityDocument({ ...photo, size: 5 * megabyte + 1 })).toBe('tooLarge');
	});

	it('refuses a photo too small to read', () => {
		expect(checkIdentityDocument({ ...photo, width: 599, height: 400 })).toBe('tooSmall');
		expect(checkIdentityDocument({ ...photo, width: 600, height: 399 })).toBe('tooSmall');
		expect(checkIdentityDocument({ type: 'image/png', size: 1000 })).toBe('tooSmall');
	});
});

describe('the identity preview’s wording', () => {
	const texts = { id: idProfile, en: enProfile };

	it('names the photo in its status badge, never a verified or unverified account', () => {
		for (const [locale, { verification }] of Object.entries(texts)) {
			for (const [state, label] of Object.entries(verification.states)) {
				expect(label, `${locale} ${state}`).not.toMatch(/verif/i);
			}
		}
	});

	it('says that the preview, even when a photo passes, leaves the account unverified', () => {
		for (const [locale, profile] of Object.entries(texts)) {
			expect(profile.verification.messages.verified, locale).toContain(profile.standing.unverified);
			expect(profile.verification.previewNote, locale).toMatch(/verif/i);
		}
	});
});
