import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { legalVersions } from '~/lib/consent';
import { recordConsent } from '~/features/consent/consent.server';
import { consents, users } from '~/server/db/schema';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Consent to the terms and the privacy policy', (use) => {
	const db = () => use().server.db;
	const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
	const recorded = (id: string) => db().select().from(consents).where(eq(consents.userId, id));

	it('keeps a phone number and an address only from someone who accepted the documents in force', async () => {
		const person = await use().createUser({ consented: false });
		const response = await use().request('/profile', {
			method: 'PUT',
			user: person,
			headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
			body: JSON.stringify({
				name: 'Budi Santoso',
				phone: '81234567890',
				areaId: '31.74.07',
				address: 'Jl. Kenanga No. 12, RT 01/RW 02',
			}),
		});
		expect(response.status).toBe(403);
		expect((await response.json()).error).toMatchObject({
			code: 'CONSENT_REQUIRED',
			message: expect.stringContaining('Privacy Policy'),
		});
		expect((await row(person.id)).phone).toBeNull();
	});

	it('records each acceptance with its versions and time, and nothing without both boxes', async () => {
		const person = await use().createUser({ consented: false });
		for (const answers of [
			{ terms: false, adult: true },
			{ terms: true, adult: false },
		]) {
			expect(await recordConsent(db(), person.id, answers)).toMatchObject({ ok: false });
		}
		expect(await recorded(person.id)).toEqual([]);
		expect(await row(person.id)).toMatchObject({
			acceptedTermsVersion: null,
			acceptedPrivacyVersion: null,
		});

		const at = new Date('2026-11-28T02:00:00Z');
		expect(await recordConsent(db(), person.id, { terms: true, adult: true }, at)).toEqual({
			ok: true,
		});
		expect(await recorded(person.id)).toEqual([
			expect.objectContaining({
				termsVersion: legalVersions.terms,
				privacyVersion: legalVersions.privacy,
				ageConfirmed: true,
				acceptedAt: at,
			}),
		]);
		expect(await row(person.id)).toMatchObject({
			acceptedTermsVersion: legalVersions.terms,
			acceptedPrivacyVersion: legalVersions.privacy,
		});
		const exported = await (await use().request('/account/export', { user: person })).json();
		expect(exported.consents).toEqual([
			{
				termsVersion: legalVersions.terms,
				privacyVersion: legalVersions.privacy,
				ageConfirmed: true,
				acceptedAt: at.toISOString(),
			},
		]);
	});
});
