import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consentErrors, hasCurrentConsent, legalVersions } from './consent';

/** The `updated:` date of a legal page in one language. */
const updatedOf = (page: string, locale: string) =>
	/^updated:\s*(\S+)$/m.exec(readFileSync(`src/content/legal/${locale}/${page}.md`, 'utf8'))?.[1];

describe('the documents a person accepts', () => {
	it('are the versions the legal pages show, in both languages', () => {
		for (const locale of ['id', 'en']) {
			expect(updatedOf('terms', locale), locale).toBe(legalVersions.terms);
			expect(updatedOf('privacy-policy', locale), locale).toBe(legalVersions.privacy);
		}
	});

	it('are accepted only in their current versions', () => {
		const current = {
			acceptedTermsVersion: legalVersions.terms,
			acceptedPrivacyVersion: legalVersions.privacy,
		};
		expect(hasCurrentConsent(current)).toBe(true);
		expect(hasCurrentConsent({ ...current, acceptedPrivacyVersion: '2020-01-01' })).toBe(false);
		expect(hasCurrentConsent({ acceptedTermsVersion: null, acceptedPrivacyVersion: null })).toBe(
			false,
		);
	});

	it('need both boxes ticked', () => {
		expect(consentErrors({ terms: true, adult: true })).toEqual({});
		expect(consentErrors({ terms: false, adult: true })).toEqual({
			terms: 'legal.consent.errors.terms',
		});
		expect(consentErrors({ terms: true, adult: false })).toEqual({
			adult: 'legal.consent.errors.adult',
		});
	});
});
