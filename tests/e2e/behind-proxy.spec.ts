import type { BrowserContext, Page } from '@playwright/test';
import {
	accountTexts,
	expect,
	signIn,
	signOut,
	signUp,
	signUpComplete,
	test,
} from './support/accounts';
import { signInLimits } from '../../src/config/limits';
import { publicPageCacheControl } from '../../src/server/http/page-cache';

/**
 * The site as deployed: nginx terminates TLS at PUBLIC_URL=https://127.0.0.1:<port> and passes
 * X-Forwarded-Proto, -Host and -For to the server, which has TRUST_PROXY=true (the
 * `behind-proxy` project of `playwright.config.ts`). The tests run in turn, in this order: all of
 * them reach the server from the proxy's one client address, and the last one uses up its sign-in
 * attempts.
 */
test.describe.configure({ timeout: 120_000 });

const secureSession = '__Host-hibahin_session';
const secureSignIn = '__Host-hibahin_signin';

async function cookieNames(context: BrowserContext): Promise<string[]> {
	return (await context.cookies()).map((cookie) => cookie.name);
}

function publicOrigin(page: Page): string {
	return new URL(page.url()).origin;
}

test('a visitor signs up, signs out and signs in again through the proxy', async ({
	page,
	context,
	baseURL,
}) => {
	const account = await signUpComplete(page);
	expect(publicOrigin(page)).toBe(baseURL);
	const session = (await context.cookies()).find((cookie) => cookie.name === secureSession);
	expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
	// The sign-in's cookie is deleted once it is used: the deletion carries Secure, as browsers
	// require of a __Host- cookie, or they keep it.
	expect(await cookieNames(context)).not.toContain(secureSignIn);

	await signOut(page);
	expect(page.url()).toBe(`${baseURL}/`);
	expect(await cookieNames(context)).not.toContain(secureSession);
	expect(await cookieNames(context)).not.toContain('hibahin_signed_in');

	await signIn(page, account.email, account.password);
	expect(await cookieNames(context)).toContain(secureSession);
	expect(await cookieNames(context)).not.toContain(secureSignIn);
	await page.goto('/profile');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.profile.name);
});

test('pages rendered for a signed-in visitor are kept by no cache', async ({ page }) => {
	await signUp(page);
	// Pages that send an incomplete profile on to completing it answer for them alone too.
	const pages = ['/complete-profile', '/profile', '/edit-profile', '/my-items', '/donate-item'];
	for (const path of [...pages, '/my-items/1/edit', '/en/items', '/en/profile']) {
		const response = await page.request.get(path, { maxRedirects: 0 });
		expect(response.headers()['cache-control'], path).toBe('private, no-store');
	}
	const signedOut = await page.context().browser()!.newContext({ ignoreHTTPSErrors: true });
	try {
		// Signed out, the same page is everyone's: a CDN may keep it for a few seconds.
		const response = await signedOut.request.get(`${publicOrigin(page)}/items`);
		expect(response.headers()['cache-control']).toBe(publicPageCacheControl);
	} finally {
		await signedOut.close();
	}
});

test('canonical, hreflang and og:url name PUBLIC_URL, prerendered or not', async ({
	page,
	baseURL,
}) => {
	for (const [path, own] of [
		['/', '/'],
		['/en/terms', '/en/terms'],
		['/items', '/items'],
	] as const) {
		await page.goto(path);
		const head = page.locator('head');
		await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${own}`);
		await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
			'content',
			`${baseURL}${own}`,
		);
		const alternates = await head
			.locator('link[rel="alternate"][hreflang]')
			.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
		expect(alternates.length).toBe(3);
		for (const href of alternates) expect(href.startsWith(`${baseURL}/`)).toBe(true);
	}
});

test('the server’s own address sends visitors on to PUBLIC_URL before any sign-in', async ({
	request,
	baseURL,
}) => {
	const upstream = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`;
	for (const path of ['/login', '/en/items?q=kursi', '/']) {
		const response = await request.get(`${upstream}${path}`, { maxRedirects: 0 });
		expect(response.status(), path).toBe(307);
		expect(response.headers()['location'], path).toBe(`${baseURL}${path}`);
	}
	expect((await request.get(`${upstream}/healthz`)).status()).toBe(200);
});

test('a sign-in that comes back to another host than it started on says so, in both languages', async ({
	page,
	context,
	baseURL,
}) => {
	// The state of a sign-in begun on the server's own address: the callback has no cookie here.
	const startedOn = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`;
	const state = `${Buffer.from(startedOn).toString('base64url')}.c0ffee`;
	for (const locale of ['id', 'en'] as const) {
		await context.addCookies([{ name: 'language', value: locale, url: baseURL! }]);
		const response = await page.goto(`/auth/callback?code=abc&state=${state}`);
		expect(response?.status()).toBe(400);
		const text = accountTexts[locale].auth.error.otherHost.replace('{{address}}', baseURL!);
		await expect(page.getByRole('main')).toContainText(text);
		await expect(
			page.getByRole('link', { name: accountTexts[locale].auth.error.retry }),
		).toHaveAttribute('href', `${baseURL}${locale === 'en' ? '/en' : ''}/login`);
	}
});

test('wrong passwords are limited by the address the proxy saw, whatever X-Forwarded-For says', async ({
	page,
	baseURL,
}) => {
	await page.goto('/login');
	await page.waitForURL(/\/auth\/interaction\//);
	const refusal = accountTexts.id.auth.form.errors.rateLimited.split('{{')[0]!;
	// Each guess is for another account, so no account is locked: only the address can stop them.
	const ceiling = signInLimits.failuresPerAddress;
	let limitedAfter = 0;
	for (let attempt = 1; attempt <= ceiling + 1 && limitedAfter === 0; attempt++) {
		const response = await page.request.post(page.url(), {
			form: { mode: 'signIn', email: `korban-${attempt}@example.com`, password: 'salah-sekali' },
			// A new first entry each time: nginx appends the address it saw after it.
			headers: { Origin: baseURL!, 'X-Forwarded-For': `198.51.100.${attempt % 250}` },
			maxRedirects: 0,
		});
		// A wrong password is a form to correct (400) until the limit refuses the next ones (429).
		if (response.status() === 429) {
			expect(await response.text()).toContain(refusal);
			limitedAfter = attempt;
		} else {
			expect(response.status()).toBe(400);
		}
	}
	expect(limitedAfter).toBeGreaterThan(0);
	expect(limitedAfter).toBeLessThanOrEqual(ceiling + 1);
});
