import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
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
