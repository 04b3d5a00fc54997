import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
import { legalVersions } from '~/lib/consent';
import { guardPage } from './guards';
import { seenCookie } from './seen-cookie';

/** A signed-out request for `path`, with the browser's cookies, as a page's guard sees it. */
function signedOutVisit(path: string, cookies: Record<string, string> = {}): AstroGlobal {
	const url = new URL(path, 'http://localhost:4321');
	return {
		url,
		locals: { user: null },
		cookies: { get: (name: string) => (name in cookies ? { value: cookies[name] } : undefined) },
		redirect: (to: string) => new Response(null, { status: 302, headers: { Location: to } }),
	} as unknown as AstroGlobal;
}

const sentTo = (response: ReturnType<typeof guardPage>) =>
	(response as Response).headers.get('Location');

describe('a signed-out visit to a member’s page', () => {
	it('asks a browser new to the site to sign up, on a way back to the page', () => {
		expect(sentTo(guardPage(signedOutVisit('/my-items?tab=given'), 'signedIn'))).toBe(
			'/register?redirectTo=%2Fmy-items%3Ftab%3Dgiven&reason=loginRequired',
		);
	});

	it('asks a browser that signed in here before to sign in, on the same way back', () => {
		const seen = { [seenCookie]: '1' };
		expect(sentTo(guardPage(signedOutVisit('/my-items?tab=given', seen), 'signedIn'))).toBe(
			'/login?redirectTo=%2Fmy-items%3Ftab%3Dgiven&reason=loginRequired',
		);
		expect(sentTo(guardPage(signedOutVisit('/en/profile', seen), 'completeProfile'))).toBe(
			'/en/login?redirectTo=%2Fen%2Fprofile&reason=loginRequired',
		);
	});
});

describe('a signed-in visit to a member’s page', () => {
	const person = (consented: boolean) => ({
		id: 'u-1',
		name: 'Budi Santoso',
		phone: '+6281234567890',
		address: 'Jl. Kenanga No. 12, RT 01/RW 02',
		areaId: '31.74.07',
		areaName: 'Kebayoran Baru',
		acceptedTermsVersion: consented ? legalVersions.terms : '2026-01-01',
		acceptedPrivacyVersion: consented ? legalVersions.privacy : null,
	});
	const visit = (path: string, user: ReturnType<typeof person>) =>
		({ ...signedOutVisit(path), locals: { user } }) as unknown as AstroGlobal;

	it('asks someone who has not accepted the documents in force to, on a way back to the page', () => {
		const outdated = person(false);
		expect(sentTo(guardPage(visit('/en/donate-item', outdated), 'completeProfile'))).toBe(
			'/en/consent?redirectTo=%2Fen%2Fdonate-item',
		);
		expect(sentTo(guardPage(visit('/complete-profile', outdated), 'incompleteProfile'))).toBe(
			'/consent?redirectTo=%2Fcomplete-profile',
		);
		// Their data and the deletion of their account never wait on it.
		expect(guardPage(visit('/my-data', outdated), 'signedIn')).toBe(outdated);
	});

	it('lets in someone who has', () => {
		const consented = person(true);
		expect(guardPage(visit('/donate-item', consented), 'completeProfile')).toBe(consented);
	});
});
