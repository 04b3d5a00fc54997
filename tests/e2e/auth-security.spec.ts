import type { BrowserContext, Page, Request } from '@playwright/test';
import {
	acceptConsent,
	accountTexts,
	credentialsForm,
	expect,
	fillSignUpForm,
	newAccount,
	newProfile,
	saveProfile,
	sessionCookie,
	sessionCookieName,
	signedIn,
	signOut,
	signUp,
	submitSignIn,
	test,
} from './support/accounts';
import { type Locale, localePath } from './support/i18n';

// Journeys sign up (password hashing) and cross the provider; those about a session already
// made start signed in.
test.describe.configure({ timeout: 90_000 });

const transactionCookieName = 'hibahin_signin';
const evil = 'https://evil.example';

/** What the browser brought back from the provider: the callback and the sign-in cookie. */
interface Callback {
	url: URL;
	/** The signed transaction cookie (state, nonce, PKCE verifier) as it was at the callback. */
	transaction: { name: string; value: string; url: string };
}

/** The sign-in transaction inside the cookie: the cookie is signed, not encrypted. */
function transactionOf(callback: Callback): { state: string; codeVerifier: string } {
	const [body] = callback.transaction.value.split('.');
	return JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
}

/**
 * Signs up a new account on the provider's form and stops the browser at the provider's redirect
 * to `/auth/callback`. Browsers follow redirects without letting a test intercept the hops, so
 * the form's answer is taken over and its redirects are followed here, with the browser's
 * cookies, up to the callback. With `deliver`, the browser then goes on to the callback;
 * otherwise it never reaches the site.
 */
async function signUpUntilCallback(
	page: Page,
	{ deliver, locale = 'id' }: { deliver: boolean; locale?: Locale },
): Promise<Callback> {
	let caught: Callback | undefined;
	await page.route(
		(url) => /^(?:\/en)?\/auth\/interaction\/[\w-]+$/.test(url.pathname),
		async (route) => {
			if (route.request().method() !== 'POST') return route.continue();
			const answer = await route.fetch({ maxRedirects: 0 });
			let next = new URL(answer.headers()['location'] ?? '', route.request().url());
			for (let hop = 0; next.pathname !== '/auth/callback' && hop < 5; hop++) {
				const response = await page.request.get(next.href, { maxRedirects: 0 });
				next = new URL(response.headers()['location'] ?? '', next);
			}
			const cookie = (await page.context().cookies()).find((c) => c.name === transactionCookieName);
			if (next.pathname === '/auth/callback' && cookie) {
				caught = {
					url: next,
					transaction: { name: cookie.name, value: cookie.value, url: next.origin },
				};
			}
			return deliver
				? route.fulfill({ status: 303, headers: { location: next.href } })
				: route.fulfill({ status: 204 });
		},
	);
	await page.goto(localePath('/register', locale));
	await page.waitForURL(/\/auth\/interaction\//);
	await fillSignUpForm(page, newAccount(locale));
	await credentialsForm(page)
		.getByRole('button', { name: accountTexts[locale].auth.form.signUp, exact: true })
		.click();
	await expect.poll(() => caught).toBeDefined();
	await page.unrouteAll({ behavior: 'wait' });
	return caught!;
}

/**
 * Expects the sign-in error page in `locale`, and no session in the browser. Returns why it was
 * refused.
 */
async function expectRefused(
	page: Page,
	context: BrowserContext,
	locale: Locale = 'id',
): Promise<string> {
	const { auth } = accountTexts[locale];
	await expect(page).toHaveURL((url) => url.pathname === localePath('/auth/error', locale));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.error.heading);
	await expect(page.getByRole('link', { name: auth.error.retry, exact: true })).toHaveAttribute(
		'href',
		localePath('/login', locale),
	);
	expect(await sessionCookie(context)).toBeUndefined();
	expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('hibahin_signed_in');
	return new URL(page.url()).searchParams.get('reason') ?? '';
}

test.describe('the OpenID Connect callback', () => {
	test('a callback whose state was changed is refused and signs nobody in', async ({
		page,
		context,
	}) => {
		const callback = await signUpUntilCallback(page, { deliver: false });
		expect(callback.url.searchParams.get('code')).toBeTruthy();
		const state = callback.url.searchParams.get('state')!;
		expect(state).toBe(transactionOf(callback).state);

		const tampered = new URL(callback.url);
		tampered.searchParams.set(
			'state',
			`${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`,
		);
		const response = await page.goto(`${tampered.pathname}${tampered.search}`);
		// The sign-in cookie was genuine: it is the state that does not match.
		expect(await expectRefused(page, context)).not.toMatch(/transaction/);
		expect(response?.status()).toBe(400);
		expect(response?.statusText()).toBe('Bad Request');
		// The attempt used up the sign-in: not even the genuine answer is taken now.
		expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(
			transactionCookieName,
		);
		await page.goto(`${callback.url.pathname}${callback.url.search}`);
		expect(await expectRefused(page, context)).toBe('missing_transaction');
	});

	test('a refused sign-in is explained in the language the visitor was using', async ({
		page,
		context,
	}) => {
		// Begun on an English page: the sign-in cookie says where the visitor was going.
		const callback = await signUpUntilCallback(page, { deliver: false, locale: 'en' });
		const tampered = new URL(callback.url);
		tampered.searchParams.set('state', 'not-the-state');
		await page.goto(`${tampered.pathname}${tampered.search}`);
		expect(await expectRefused(page, context, 'en')).not.toMatch(/transaction/);

		// Without the sign-in cookie, the language the visitor chose with the switcher.
		await context.addCookies([{ name: 'language', value: 'en', url: callback.url.origin }]);
		await page.goto(`${callback.url.pathname}${callback.url.search}`);
		expect(await expectRefused(page, context, 'en')).toBe('missing_transaction');
	});

	test('the provider’s refusals are explained in the language of the sign-in', async ({
		request,
		baseURL,
	}) => {
		const refusal = async (path: string, headers: Record<string, string> = {}) => {
			const response = await request.get(path, { maxRedirects: 0, headers });
			expect(response.status()).toBeGreaterThanOrEqual(300);
			return response.headers()['location'];
		};
		// A finish step whose ticket the sign-in page never issued: the page's path tells the language.
		expect(await refusal('/en/auth/interaction/unknown-sign-in/finish?ticket=forged')).toBe(
			'/en/auth/error?reason=invalid_ticket',
		);
		expect(await refusal('/auth/interaction/unknown-sign-in/finish?ticket=forged')).toBe(
			'/auth/error?reason=invalid_ticket',
		);
		// An authorization request from a client the provider does not know: its `ui_locales`, else
		// the switcher's cookie.
		const unknownClient =
			'/oidc/auth?client_id=nobody&response_type=code&scope=openid' +
			'&redirect_uri=https%3A%2F%2Fevil.example%2Fcallback';
		expect(await refusal(`${unknownClient}&ui_locales=en`)).toBe(
			'/en/auth/error?reason=invalid_client',
		);
		expect(await refusal(unknownClient, { cookie: 'language=en' })).toBe(
			'/en/auth/error?reason=invalid_client',
		);
		expect(await refusal(unknownClient)).toBe('/auth/error?reason=invalid_client');
		// A NUL character in a parameter of a request that is otherwise right: nothing the provider
		// stores can hold it.
		const signIn = new URLSearchParams({
			client_id: 'hibahin-web',
			response_type: 'code',
			scope: 'openid',
			redirect_uri: `${baseURL}/auth/callback`,
			code_challenge: 'a'.repeat(43),
			code_challenge_method: 'S256',
			state: 'ada\u0000nul',
		});
		expect(await refusal(`/oidc/auth?${signIn}`)).toBe('/auth/error?reason=invalid_request');
	});

	test('a callback without the browser’s sign-in cookie is refused', async ({ page, context }) => {
		const callback = await signUpUntilCallback(page, { deliver: false });
		await context.clearCookies();
		await page.goto(`${callback.url.pathname}${callback.url.search}`);
		expect(await expectRefused(page, context)).toBe('missing_transaction');
	});

	test('a callback replayed with the same code is refused', async ({ page, context, browser }) => {
		const callback = await signUpUntilCallback(page, { deliver: true });
		await acceptConsent(page, 'id');
		await page.waitForURL((url) => url.pathname === '/complete-profile');
		const first = await sessionCookie(context);
		expect(first).toBeDefined();

		// Replayed in the same browser: the sign-in transaction is gone, nothing changes.
		const replay = await page.request.get(`${callback.url.pathname}${callback.url.search}`, {
			maxRedirects: 0,
		});
		expect(replay.status()).toBe(303);
		expect(replay.headers()['location']).toMatch(/^\/auth\/error\?reason=/);
		expect(
			replay.headersArray().filter((header) => header.value.startsWith(`${sessionCookieName}=`)),
		).toEqual([]);
		expect((await sessionCookie(context))?.value).toBe(first!.value);

		// Replayed with the original sign-in cookie too (someone who copied both): the provider
		// refuses the used code, so no session is started.
		const other = await browser.newContext();
		try {
			await other.addCookies([callback.transaction]);
			const otherPage = await other.newPage();
			await otherPage.goto(callback.url.href);
			// The sign-in cookie is accepted; the provider is what refuses the code the second time.
			expect(await expectRefused(otherPage, other)).not.toMatch(/transaction/);
		} finally {
			await other.close();
		}
	});
});

test.describe('session cookie', () => {
	test('is HttpOnly, SameSite=Lax, Path=/, and not Secure on plain http', async ({
		page,
		context,
	}) => {
		// Under PUBLIC_URL=https://… the cookies are `__Host-hibahin_session` and
		// `__Host-hibahin_signin`, with Secure: src/server/auth/cookies.test.ts covers that.
		const started = page.waitForResponse(
			(response) => new URL(response.url()).pathname === '/register',
		);
		const finished = page.waitForResponse(
			(response) => new URL(response.url()).pathname === '/auth/callback',
		);
		await page.goto('/register');
		const transactionHeader = (await (await started).headersArray()).find(
			(header) =>
				header.name.toLowerCase() === 'set-cookie' &&
				header.value.startsWith(`${transactionCookieName}=`),
		);
		expect(transactionHeader?.value).toMatch(/; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);

		await page.waitForURL(/\/auth\/interaction\//);
		await fillSignUpForm(page, newAccount());
		await credentialsForm(page)
			.getByRole('button', { name: accountTexts.id.auth.form.signUp, exact: true })
			.click();
		const setCookies = (await (await finished).headersArray())
			.filter((header) => header.name.toLowerCase() === 'set-cookie')
			.map((header) => header.value);
		const session = setCookies.find((value) => value.startsWith(`${sessionCookieName}=`));
		expect(session).toMatch(/; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/);
		expect(session).not.toMatch(/;\s*Secure/i);
		expect(session).not.toMatch(/;\s*Domain=/i);
		// The sign-in transaction is over: its cookie is cleared.
		const cleared = setCookies.find((value) => value.startsWith(`${transactionCookieName}=`));
		expect(cleared).toMatch(/^hibahin_signin=deleted;/);
		expect(cleared).toContain('; Path=/');
		expect(cleared).toContain('; Expires=Thu, 01 Jan 1970 00:00:00 GMT');

		await acceptConsent(page, 'id');
		await page.waitForURL((url) => url.pathname === '/complete-profile');
		const cookie = await sessionCookie(context);
		expect(cookie).toMatchObject({
			httpOnly: true,
			sameSite: 'Lax',
			path: '/',
			secure: false,
			domain: '127.0.0.1',
		});
		expect(cookie!.value).toMatch(/^[\w-]{43}$/);
		// Two weeks, as the server keeps it.
		expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);

		// The only cookie page scripts can read says that someone may be signed in, nothing more.
		const readable = await page.evaluate(() => document.cookie);
		expect(readable).not.toContain(sessionCookieName);
		expect(readable).not.toContain(transactionCookieName);
		expect(readable).not.toContain(cookie!.value);
		expect(readable).toContain('hibahin_signed_in=1');
	});

	test('is refused once the user signed out, even when replayed', async ({
		page,
		context,
		request,
	}) => {
		await signedIn(page, { locale: 'en' });
		await page.goto('/en/profile');
		const cookie = (await sessionCookie(context))!;
		const check = await page.request.get('/api/profile/check');
		expect(check.status()).toBe(200);

		await signOut(page, 'en');
		expect(await sessionCookie(context)).toBeUndefined();

		// The saved cookie, replayed from outside the browser and inside it.
		const replay = await request.get('/api/profile/check', {
			headers: { Cookie: `${sessionCookieName}=${cookie.value}` },
		});
		expect(replay.status()).toBe(401);
		expect((await replay.json()).error.code).toBe('UNAUTHORIZED');
		await context.addCookies([cookie]);
		const again = await page.request.get('/api/profile/check');
		expect(again.status()).toBe(401);
		await page.goto('/en/profile');
		await expect(page).toHaveURL((url) => url.pathname === '/en/register');
	});
});

test.describe('redirects and cross-origin requests', () => {
	const offSite = [`${evil}/`, '//evil.example', '/\\evil.example'];

	test('an off-site redirectTo is ignored, signed in or on the way to sign in', async ({
		page,
		context,
	}) => {
		const visited: string[] = [];
		await context.route(
			(url) => url.hostname === 'evil.example',
			async (route) => {
				visited.push(route.request().url());
				await route.abort();
			},
		);
		// Signed up through the forms, as signing in below needs a password; the profile is no part
		// of it and is saved through the API.
		const account = await signUp(page);
		await saveProfile(page, newProfile({ areaQuery: '' }));

		for (const target of offSite) {
			for (const path of ['/login', '/register']) {
				const response = await page.goto(`${path}?redirectTo=${encodeURIComponent(target)}`);
				expect(response?.request().redirectedFrom()?.url()).toContain(path);
				await expect(page).toHaveURL((url) => url.pathname === '/' && url.host !== 'evil.example');
			}
		}

		await context.clearCookies();
		for (const target of offSite) {
			await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
			await page.waitForURL(/\/auth\/interaction\//);
			await submitSignIn(page, account);
			await expect(page).toHaveURL((url) => url.pathname === '/' && url.host !== 'evil.example');
			expect(await sessionCookie(context)).toBeDefined();
			await context.clearCookies();
		}
		expect(visited).toEqual([]);
	});

	test('cross-origin sign-out and profile writes are refused', async ({ page, context }) => {
		const account = await signedIn(page);

		// A form another site could post (the content types that need no preflight).
		const forms: Parameters<typeof page.request.post>[1][] = [
			{ form: { x: '1' } },
			{ multipart: { x: '1' } },
			{ data: 'x=1', headers: { 'Content-Type': 'text/plain' } },
		];
		for (const body of forms) {
			const response = await page.request.post('/auth/sign-out', {
				...body,
				headers: { ...body?.headers, Origin: evil },
				maxRedirects: 0,
			});
			expect(response.status()).toBe(403);
		}
		expect(await sessionCookie(context)).toBeDefined();
		expect((await page.request.get('/api/profile/check')).status()).toBe(200);

		const write = await page.request.put('/api/profile', {
			headers: { Origin: evil },
			data: {
				name: 'Penyusup',
				phone: `+62${account.profile.phoneDigits}`,
				address: 'Jl. Penyusup No. 1, Jakarta',
				areaId: '31.74.07',
			},
		});
		expect(write.status()).toBe(403);
		const body = await write.json();
		expect(body).toEqual({
			error: { code: 'FORBIDDEN', message: expect.any(String), requestId: expect.any(String) },
		});

		// A cross-site request marked so by the browser is refused even without an Origin.
		const marked = await page.request.put('/api/profile', {
			headers: { 'Sec-Fetch-Site': 'cross-site' },
			data: {},
		});
		expect(marked.status()).toBe(403);

		const check = await (await page.request.get('/api/profile/check')).json();
		expect(check.data.profile.name).toBe(account.profile.name);
		await page.goto('/profile');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.profile.name);
	});
});

test.describe('password guessing', () => {
	/** A different address for each guess, as a botnet or a rotating proxy would send. */
	const rotatingAddress = (guess: number) => `172.${16 + (guess % 16)}.${guess % 256}.${guess + 1}`;

	test('100 wrong passwords from rotating addresses are stopped, and the right one waits for the lock', async ({
		page,
		context,
		baseURL,
	}) => {
		const { auth } = accountTexts.id;
		const account = await signUp(page);
		await context.clearCookies();
		await page.goto('/login');
		await page.waitForURL(/\/auth\/interaction\//);
		const formUrl = page.url();

		const answers: Record<string, number> = {};
		for (let guess = 0; guess < 100; guess++) {
			const answer = await page.request.post(formUrl, {
				form: { mode: 'signIn', email: account.email, password: `tebakan-${guess}` },
				headers: { Origin: baseURL!, 'X-Forwarded-For': rotatingAddress(guess) },
				maxRedirects: 0,
			});
			const key = `${answer.status()} ${answer.statusText()}`;
			answers[key] = (answers[key] ?? 0) + 1;
			if (answer.status() === 429) {
				const retryAfter = Number(answer.headers()['retry-after']);
				expect(retryAfter).toBeGreaterThan(14 * 60);
				expect(retryAfter).toBeLessThanOrEqual(15 * 60);
			}
		}
		// Nine are told the password is wrong, the tenth locks the account, the rest wait.
		expect(answers).toEqual({ '400 Bad Request': 9, '429 Too Many Requests': 91 });

		const form = credentialsForm(page);
		await form.getByLabel(auth.form.email, { exact: true }).fill(account.email);
		await form.getByLabel(auth.form.password, { exact: true }).fill(account.password);
		const answer = page.waitForResponse(
			(response) => response.request().method() === 'POST' && response.url() === formUrl,
		);
		await form.getByRole('button', { name: auth.form.signIn, exact: true }).click();
		expect((await answer).status()).toBe(429);
		const [before, after] = auth.form.errors.accountLocked.split('{{wait}}');
		await expect(page.getByRole('alert')).toHaveText(`${before}15 menit${after}`);
		expect(await sessionCookie(context)).toBeUndefined();
	});

	test('a refused sign-up answers 400 Bad Request with the reason', async ({ page, context }) => {
		const { auth } = accountTexts.en;
		const account = await signUp(page, { locale: 'en' });
		await context.clearCookies();
		await page.goto(localePath('/register', 'en'));
		await page.waitForURL(/\/auth\/interaction\//);
		await fillSignUpForm(page, account);
		const answer = page.waitForResponse((response) => response.request().method() === 'POST');
		await credentialsForm(page)
			.getByRole('button', { name: auth.form.signUp, exact: true })
			.click();
		expect(await answer.then((response) => [response.status(), response.statusText()])).toEqual([
			400,
			'Bad Request',
		]);
		await expect(page.getByRole('alert')).toHaveText(auth.form.errors.emailTaken);
	});
});

test.describe('tokens stay on the server', () => {
	test('no token, code or verifier reaches the page, its storage or its scripts', async ({
		page,
		context,
	}) => {
		const callback = await signUpUntilCallback(page, { deliver: true });
		await acceptConsent(page, 'id');
		await page.waitForURL((url) => url.pathname === '/complete-profile');
		await saveProfile(page, newProfile({ areaQuery: '' }));
		const { codeVerifier } = transactionOf(callback);
		const code = callback.url.searchParams.get('code')!;
		const session = (await sessionCookie(context))!.value;
		const secrets = [codeVerifier, code, session];
		const tokenWords = /\b(?:id_token|access_token|refresh_token|code_verifier)\b/;
		const jwt = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;

		// Every response that page scripts can read: the documents, and what they fetch.
		const readable: string[] = [];
		const collect = async (request: Request) => {
			try {
				const response = await request.response();
				if (!response || response.status() >= 300) return;
				const type = response.headers()['content-type'] ?? '';
				if (/html|json|javascript/.test(type)) readable.push(await response.text());
			} catch {
				// The page moved on before the body could be read; the next pages are read instead.
			}
		};
		page.on('requestfinished', (request) => void collect(request));

		for (const path of ['/', '/profile', '/edit-profile', '/terms', '/en/profile']) {
			await page.goto(path);
			await page.waitForLoadState('networkidle');
			const html = await page.content();
			expect(html).not.toMatch(jwt);
			expect(html).not.toMatch(tokenWords);
			for (const secret of secrets) expect(html).not.toContain(secret);

			const storage = await page.evaluate(() => ({
				cookie: document.cookie,
				href: location.href,
				local: JSON.stringify({ ...localStorage }),
				session: JSON.stringify({ ...sessionStorage }),
			}));
			for (const value of Object.values(storage)) {
				expect(value).not.toMatch(jwt);
				expect(value).not.toMatch(tokenWords);
				for (const secret of secrets) expect(value).not.toContain(secret);
			}
		}

		// What page scripts can fetch about the signed-in user carries no token either.
		for (const api of ['/api/session', '/api/profile/check']) {
			const text = await page.evaluate(async (path) => (await fetch(path)).text(), api);
			readable.push(text);
		}
		await expect.poll(() => readable.length).toBeGreaterThan(5);
		for (const text of readable) {
			expect(text).not.toMatch(jwt);
			for (const secret of secrets) expect(text).not.toContain(secret);
		}
	});
});
