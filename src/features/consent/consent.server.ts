import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { consents, users } from '~/server/db/schema';
import { type ConsentAnswers, consentErrors, legalVersions } from '~/lib/consent';

/**
 * Records that the person accepted the documents in force and confirmed their age, when both
 * boxes are ticked; otherwise stores nothing and answers the errors.
 */
export async function recordConsent(
	db: Database,
	userId: string,
	answers: ConsentAnswers,
	now = new Date(),
): Promise<{ ok: true } | { ok: false; errors: Record<string, string> }> {
	const errors = consentErrors(answers);
	if (Object.keys(errors).length) return { ok: false, errors };
	await db.transaction(async (tx) => {
		await tx.insert(consents).values({
			userId,
			termsVersion: legalVersions.terms,
			privacyVersion: legalVersions.privacy,
			ageConfirmed: true,
			acceptedAt: now,
		});
		await tx
			.update(users)
			.set({
				acceptedTermsVersion: legalVersions.terms,
				acceptedPrivacyVersion: legalVersions.privacy,
			})
			.where(eq(users.id, userId));
	});
	return { ok: true };
}
