/**
 * Visitors without a browser, for checks that read pages as HTML or call the API: Playwright's
 * request contexts, signed in as a seeded person (the next one of this worker, as `signedIn`
 * gives a browser) or signed out, each from an address of their own.
 */
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { nextSeededPerson, sessionCookieName, siteOrigin, visitorAddress } from './accounts';
import type { SeededKind, SeededPerson } from './seeded-accounts';

type Playwright = PlaywrightWorkerArgs['playwright'];

/** A seeded person and the client that carries their session. */
export interface SignedInClient {
	person: SeededPerson;
	request: APIRequestContext;
}

/** A cookie of the site under test, as a browser keeps it. */
function siteCookie(name: string, value: string, httpOnly: boolean) {
	const { hostname } = new URL(siteOrigin());
	return {
		...{ name, value, domain: hostname, path: '/', expires: -1 },
		...{ httpOnly, secure: false, sameSite: 'Lax' as const },
	};
}

/**
 * The next seeded person of `kind`, signed in on a client of their own: their session cookie,
 * and the hint a sign-in leaves for prerendered pages.
 */
export async function signedInClient(
	playwright: Playwright,
	kind: SeededKind,
): Promise<SignedInClient> {
	const person = nextSeededPerson(kind);
	const request = await playwright.request.newContext({
		baseURL: siteOrigin(),
		extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
		storageState: {
			cookies: [
				siteCookie(sessionCookieName, person.session, true),
				siteCookie('hibahin_signed_in', '1', false),
			],
			origins: [],
		},
	});
	return { person, request };
}

/**
 * A signed-out visitor on the server's own machine: no forwarded address, so the site sees the
 * loopback address, as the development mailbox requires (decision 015).
 */
export function clientOnTheServer(playwright: Playwright): Promise<APIRequestContext> {
	// Without this, the test's own forwarded address would be sent.
	return playwright.request.newContext({ baseURL: siteOrigin(), extraHTTPHeaders: {} });
}
