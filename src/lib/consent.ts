/**
 * The versions of the terms and the privacy policy in force: the `updated` date of each
 * (`src/content/legal/*`). Changing a document's date asks everyone to accept it again.
 */
export const legalVersions = { terms: '2026-11-26', privacy: '2026-11-29' } as const;

/** The youngest age that may sign up without a parent's consent (PP 17/2025). */
export const minimumAge = 17;

/** Whether the person has accepted the documents in force. */
export function hasCurrentConsent(user: {
	acceptedTermsVersion: string | null;
	acceptedPrivacyVersion: string | null;
}): boolean {
	return (
		user.acceptedTermsVersion === legalVersions.terms &&
		user.acceptedPrivacyVersion === legalVersions.privacy
	);
}

/** The boxes of the consent form, as the browser sends them. */
export interface ConsentAnswers {
	terms: boolean;
	adult: boolean;
}

/** Which boxes are missing, as translation keys of their errors; empty when both are ticked. */
export function consentErrors(answers: ConsentAnswers): Record<string, string> {
	return {
		...(answers.terms ? {} : { terms: 'legal.consent.errors.terms' }),
		...(answers.adult ? {} : { adult: 'legal.consent.errors.adult' }),
	};
}
