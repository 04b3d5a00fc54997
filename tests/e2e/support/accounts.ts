/**
 * Accounts for journeys that need someone signed in. Most journeys start signed in as a seeded
 * person (`signedIn`, from `seeded-accounts.ts`); the journeys of signing up and in make their
 * accounts through the built-in OpenID provider's own forms and the real profile form, the way a
 * visitor makes them.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { type BrowserContext, type Locator, type Page, test as base } from '@playwright/test';
import sharp from 'sharp';
import enAuth from '../../../locales/en/auth.json' with { type: 'json' };
import enForm from '../../../locales/en/form.json' with { type: 'json' };
import enProfile from '../../../locales/en/profile.json' with { type: 'json' };
import idAuth from '../../../locales/id/auth.json' with { type: 'json' };
import idForm from '../../../locales/id/form.json' with { type: 'json' };
import idProfile from '../../../locales/id/profile.json' with { type: 'json' };
import type { Area } from '../../../src/features/areas/areas';
import { fill, type Locale, localePath, translations } from './i18n';
import { type SeededKind, type SeededPerson, seededArea, seededPerson } from './seeded-accounts';

/** The account pages' translations, next to the shared ones of `i18n.ts`. */
export const accountTexts = {
	id: { ...translations.id, auth: idAuth, form: idForm, profile: idProfile },
	en: { ...translations.en, auth: enAuth, form: enForm, profile: enProfile },
} satisfies Record<Locale, unknown>;

/** The browser's session cookie under the tests' plain-http origin (`__Host-…` under https). */
export const sessionCookieName = 'hibahin_session';

/**
 * Every test is its own visitor. The sign-in and sign-up forms are rate-limited per visitor
 * address, and all tests reach the server from 127.0.0.1; with `TRUST_PROXY=true` the server
 * counts the `X-Forwarded-For` address instead, which is unique per test here.
 */
export const test = base.extend({
	extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
		await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress() });
	},
});

/**
 * Assertions with room for a busy machine: a journey crosses the site, the provider and back,
 * and hashing passwords is slow on purpose.
 */
export const expect = base.expect.configure({ timeout: 15_000 });

/** A private address for the test's visitor; tests rarely share one. */
export function visitorAddress(): string {
	return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface Account {
	email: string;
	password: string;
	locale: Locale;
}

/** An email address nobody has registered yet. */
export function uniqueEmail(prefix = 'warga'): string {
	return `${prefix}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.com`;
}

/** A fresh account's details (not registered yet); passwords are at least 8 characters. */
export function newAccount(locale: Locale = 'id', prefix?: string): Account {
	return {
		email: uniqueEmail(prefix),
		password: `Rahasia-${randomBytes(4).toString('hex')}`,
		locale,
	};
}

/** An unused Indonesian mobile number, as the digits typed after +62: `81` and 9 more. */
export function uniquePhoneDigits(): string {
	return `81${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** `81234567890` → `+62 812-3456-7890`, the way the profile page shows a number. */
export function displayedPhone(digits: string): string {
	const groups = [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 11), digits.slice(11)];
	return `+62 ${groups.filter(Boolean).join('-')}`;
}

export interface ProfileDetails {
	name: string;
	phoneDigits: string;
	address: string;
	/** What is typed in the district search; the first match is picked. */
	areaQuery: string;
}

/** Valid profile details with a unique phone number. */
export function newProfile(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
	const tag = randomBytes(2).toString('hex').toUpperCase();
	return {
		name: `Siti Rahma ${tag}`,
		phoneDigits: uniquePhoneDigits(),
		address: `Jl. Kenanga No. ${randomInt(1, 200)}, RT 01/RW 02, dekat masjid`,
		areaQuery: 'keba',
		...overrides,
	};
}

/** Whether `url` is one of the built-in provider's own steps (its forms and redirects). */
function atProvider(url: URL): boolean {
	return /^(?:\/en)?\/auth\/interaction\//.test(url.pathname) || url.pathname.startsWith('/oidc/');
}

/** The provider's email and password form. */
export function credentialsForm(page: Page) {
	return page.getByRole('main').locator('form[method="post"]');
}

/** Submits the provider's form and waits until the browser is back on the site. */
async function submitCredentials(page: Page, button: string): Promise<void> {
	const answer = page.waitForResponse(
		(response) =>
			response.request().method() === 'POST' && /\/auth\/interaction\//.test(response.url()),
	);
	await credentialsForm(page).getByRole('button', { name: button, exact: true }).click();
	if ((await answer).status() >= 400) {
		const alerts = await page.getByRole('alert').allTextContents();
		throw new Error(
			`The provider refused the form: ${alerts.join(' ') || 'no message'}. A rate-limit ` +
				'message means the server was started without TRUST_PROXY=true, so every test counts ' +
				'as the same visitor.',
		);
	}
	await page.waitForURL((url) => !atProvider(url));
}

/** Fills the sign-up form the provider shows, without submitting it. */
export async function fillSignUpForm(page: Page, account: Account): Promise<void> {
	const { auth } = accountTexts[account.locale];
	const form = credentialsForm(page);
	await form.getByLabel(auth.form.email, { exact: true }).fill(account.email);
	await form.getByLabel(auth.form.password, { exact: true }).fill(account.password);
	await form.getByLabel(auth.form.passwordConfirm, { exact: true }).fill(account.password);
}

/** On the provider's sign-up form: registers `account` and follows the way back to the site. */
export async function submitSignUp(
	page: Page,
	account: Account,
	{ consent = true }: { consent?: boolean } = {},
): Promise<void> {
	await fillSignUpForm(page, account);
	await submitCredentials(page, accountTexts[account.locale].auth.form.signUp);
	// A new account first accepts the terms and the privacy policy, unless the caller looks first.
	if (consent) await acceptConsent(page, account.locale);
}

/** On `/consent`: ticks both boxes and goes on where the page sends the person. */
export async function acceptConsent(page: Page, locale: Locale): Promise<void> {
	const { legal } = accountTexts[locale];
	const consentPath = localePath('/consent', locale);
	await page.waitForURL((url) => url.pathname === consentPath);
	await page.getByRole('checkbox', { name: consentLabels(locale).terms, exact: true }).check();
	await page.getByRole('checkbox', { name: consentLabels(locale).adult, exact: true }).check();
	await page.getByRole('button', { name: legal.consent.submit, exact: true }).click();
	await page.waitForURL((url) => url.pathname !== consentPath);
}

/** The accessible names of the consent page's two boxes. */
export function consentLabels(locale: Locale): { terms: string; adult: string } {
	const { legal } = accountTexts[locale];
	return {
		terms: fill(legal.consent.terms, { terms: legal.termsTitle, privacy: legal.privacyTitle }),
		adult: fill(legal.consent.adult, { age: 17 }),
	};
}

/**
 * Registers a new account through `/register` and the provider's form, and accepts the terms on
 * `/consent` unless told not to. A new account then lands on `/complete-profile` (the caller
 * checks where). Unique email unless one is given.
 */
export async function signUp(
	page: Page,
	options: { locale?: Locale; account?: Account; consent?: boolean } = {},
): Promise<Account> {
	const account = options.account ?? newAccount(options.locale);
	await page.goto(localePath('/register', account.locale));
	await page.waitForURL(/\/auth\/interaction\//);
	await submitSignUp(page, account, { consent: options.consent ?? true });
	return account;
}

/** On the provider's sign-in form: signs in and follows the way back to the site. */
export async function submitSignIn(page: Page, account: Account): Promise<void> {
	const { auth } = accountTexts[account.locale];
	const form = credentialsForm(page);
	await form.getByLabel(auth.form.email, { exact: true }).fill(account.email);
	await form.getByLabel(auth.form.password, { exact: true }).fill(account.password);
	await submitCredentials(page, auth.form.signIn);
}

/**
 * Signs in again through `/login`: the provider's form, unless the provider still remembers the
 * browser and sends it straight back to the site.
 */
export async function signInAgain(page: Page, account: Account): Promise<void> {
	await page.goto(localePath('/login', account.locale));
	await page.waitForURL((url) => !url.pathname.endsWith('/login'));
	if (page.url().includes('/auth/interaction/')) await submitSignIn(page, account);
	await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** Signs in through `/login` and the provider's sign-in form. */
export async function signIn(
	page: Page,
	email: string,
	password: string,
	locale: Locale = 'id',
): Promise<void> {
	await page.goto(localePath('/login', locale));
	await page.waitForURL(/\/auth\/interaction\//);
	await submitSignIn(page, { email, password, locale });
}

/** Picks the first district the search offers for `query`; returns its name. */
export async function pickArea(page: Page, locale: Locale, query: string): Promise<string> {
	const { profile } = accountTexts[locale];
	const area = page.getByRole('combobox', { name: profile.fields.area });
	await area.fill(query);
	const first = page
		.getByRole('listbox', { name: profile.fields.area })
		.getByRole('option')
		.first();
	await first.waitFor();
	const name = (await first.textContent()) ?? '';
	await first.click();
	await expect(area).toHaveValue(name);
	return name;
}

/**
 * Waits until the React island holding `content` has hydrated: typing into its server-rendered
 * fields, or clicking its buttons, before that is lost when React takes over. Islands loaded
 * `client:visible` hydrate only once seen, so `content` is brought into view first.
 */
export async function islandReady(content: Locator): Promise<void> {
	await content.scrollIntoViewIfNeeded();
	await expect(content.locator('xpath=ancestor::astro-island[@ssr]')).toHaveCount(0);
	await expectReactOwns(content);
}

/**
 * Astro drops an island's `ssr` once it has asked React to hydrate it, which React 19 does a
 * moment later: an element is React's once React has given it its props.
 */
async function expectReactOwns(element: Locator): Promise<void> {
	await expect
		.poll(() =>
			element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))),
		)
		.toBe(true);
}

/** Waits until the page's island exporting `component` has hydrated, as `islandReady` does. */
export async function islandHydrated(page: Page, component: string): Promise<void> {
	const island = page.locator(`astro-island[component-export="${component}"]:not([ssr])`);
	await expect(island).toHaveCount(1);
	await expectReactOwns(island.locator(':scope > *').first());
}

/**
 * Waits until every island on the page has hydrated: none keeps Astro's `ssr` mark, and React
 * owns the first element of each (see `expectReactOwns`). `timeout`, as `expect`'s, for each.
 */
export async function islandsHydrated(page: Page, timeout = 5_000): Promise<void> {
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout });
	await expect
		.poll(
			() =>
				page.evaluate(() =>
					[...document.querySelectorAll('astro-island')].every((island) => {
						const first = island.firstElementChild;
						return !first || Object.keys(first).some((key) => key.startsWith('__reactProps'));
					}),
				),
			{ timeout },
		)
		.toBe(true);
}

/** The profile form of /complete-profile and /edit-profile, once it reacts to typing. */
export async function profileFormReady(page: Page, locale: Locale): Promise<void> {
	const name = page.getByLabel(accountTexts[locale].profile.fields.name, { exact: true });
	await name.waitFor();
	await islandReady(name);
}

/** Fills the profile form (complete or edit) with `details`, without saving. */
export async function fillProfileForm(
	page: Page,
	locale: Locale,
	details: ProfileDetails,
): Promise<string> {
	const { profile } = accountTexts[locale];
	await profileFormReady(page, locale);
	await page.getByLabel(profile.fields.name, { exact: true }).fill(details.name);
	await page.getByLabel(profile.fields.phone).fill(details.phoneDigits);
	const areaName = await pickArea(page, locale, details.areaQuery);
	await page.getByLabel(profile.fields.address, { exact: true }).fill(details.address);
	return areaName;
}

/**
 * Completes the profile on `/complete-profile` through the real form and waits for the page it
 * leads to. Returns the details and the district that was picked.
 */
export async function completeProfile(
	page: Page,
	options: { locale?: Locale; details?: Partial<ProfileDetails> } = {},
): Promise<ProfileDetails & { areaName: string }> {
	const locale = options.locale ?? 'id';
	const { profile } = accountTexts[locale];
	const details = newProfile(options.details);
	await page.waitForURL((url) => url.pathname === localePath('/complete-profile', locale));
	const areaName = await fillProfileForm(page, locale, details);
	await page.getByRole('button', { name: profile.setup.submit, exact: true }).click();
	await page.waitForURL((url) => url.pathname !== localePath('/complete-profile', locale));
	return { ...details, areaName };
}

/** A new account with a complete profile, signed in; the browser is on `/profile`. */
export async function signUpComplete(
	page: Page,
	options: { locale?: Locale; details?: Partial<ProfileDetails> } = {},
): Promise<Account & { profile: ProfileDetails & { areaName: string } }> {
	const account = await signUp(page, { locale: options.locale ?? 'id' });
	const profile = await completeProfile(page, options);
	return { ...account, profile };
}

/** Someone signed in from the seed: no password, as the provider never saw them. */
export interface SignedInAccount {
	id: string;
	email: string;
	locale: Locale;
	profile: ProfileDetails & { areaName: string };
}

/** The seeded slots this worker has handed out so far, per kind. */
const usedSlots: Record<SeededKind, number> = { complete: 0, newcomer: 0, moderator: 0 };

/** The next unused seeded person of `kind` for this worker. */
export function nextSeededPerson(kind: SeededKind): SeededPerson {
	return seededPerson(test.info().workerIndex, kind, usedSlots[kind]++);
}

/** The origin of the site under test, as its project names it. */
export function siteOrigin(): string {
	const baseURL = test.info().project.use.baseURL;
	if (!baseURL) throw new Error('The journeys need their project to set `use.baseURL`.');
	return new URL(baseURL).origin;
}

/**
 * Sets the cookies of `session` in `page`'s browser: the session, and the hint a sign-in leaves
 * for prerendered pages.
 */
async function useSession(page: Page, session: string): Promise<void> {
	const baseURL = siteOrigin();
	await page.context().addCookies([
		{ name: sessionCookieName, value: session, url: baseURL, httpOnly: true },
		{ name: 'hibahin_signed_in', value: '1', url: baseURL },
	]);
}

/** A small square photo as the profile form sends a picked one: a `data:` URL. */
async function profilePhoto(): Promise<string> {
	const png = await sharp({
		create: { width: 64, height: 64, channels: 3, background: { r: 120, g: 160, b: 200 } },
	})
		.png()
		.toBuffer();
	return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Saves `details` as the profile of whoever is signed in on `page`, through the profile API, as
 * the profile form sends them: for journeys that need a complete profile but are not about the
 * form. A photo goes with them, as changing a complete profile that has none asks for one.
 * `areaQuery` picks the first district the search offers, as the form would; left empty, the
 * seeded district. Returns the district's name.
 */
export async function saveProfile(page: Page, details: ProfileDetails): Promise<string> {
	let area: { id: string; name: string } = seededArea;
	if (details.areaQuery) {
		const search = await page.request.get(
			`/api/shipping/areas/search?q=${encodeURIComponent(details.areaQuery)}`,
		);
		const { areas } = ((await search.json()) as { data: { areas: Area[] } }).data;
		const first = areas[0];
		if (!first) throw new Error(`No district matches "${details.areaQuery}".`);
		area = first;
	}
	const saved = await page.request.put('/api/profile', {
		headers: { Origin: siteOrigin() },
		data: {
			name: details.name,
			phone: `+62${details.phoneDigits}`,
			address: details.address,
			areaId: area.id,
			imageUrl: await profilePhoto(),
		},
	});
	if (!saved.ok()) throw new Error(`The profile API refused the details: ${await saved.text()}`);
	return area.name;
}

/**
 * A person with a complete profile, already signed in on `page`'s browser: the next seeded
 * account of this worker. `details` changes their profile first, through the profile API, for
 * journeys that need a name or a district of their own (`areaQuery` picks the first district the
 * search offers, as the form would). A `moderator` also opens the moderation desk.
 */
export async function signedIn(
	page: Page,
	options: {
		locale?: Locale;
		kind?: 'complete' | 'moderator';
		details?: Partial<ProfileDetails>;
	} = {},
): Promise<SignedInAccount> {
	const person = nextSeededPerson(options.kind ?? 'complete');
	await useSession(page, person.session);
	const profile = { ...person.profile!, areaQuery: '', ...options.details };
	if (options.details) profile.areaName = await saveProfile(page, profile);
	return { id: person.id, email: person.email, locale: options.locale ?? 'id', profile };
}

/** Someone signed in who has not completed a profile yet, as right after signing up. */
export async function signedInNewcomer(
	page: Page,
	locale: Locale = 'id',
): Promise<{ id: string; email: string; locale: Locale }> {
	const person = nextSeededPerson('newcomer');
	await useSession(page, person.session);
	return { id: person.id, email: person.email, locale };
}

/** The top bar's account menu (its summary carries the menu's label). */
export function userMenu(page: Page, locale: Locale) {
	return page.locator('[data-user-menu]').filter({
		has: page.locator('summary', { hasText: accountTexts[locale].nav.account.menuLabel }),
	});
}

/**
 * The button that opens the account menu: the avatar, the name on wide screens, and the menu's
 * label for screen readers. A `<summary>` has no role to find it by.
 */
export function userMenuButton(page: Page, locale: Locale) {
	return userMenu(page, locale).locator('summary');
}

/**
 * Signs out from the user menu and waits for the page the provider sends back to, once it has
 * ended its own session too.
 */
export async function signOut(page: Page, locale: Locale = 'id'): Promise<void> {
	const { nav } = accountTexts[locale];
	const menu = userMenu(page, locale);
	const providerDone = page.waitForResponse(
		(response) =>
			response.request().method() === 'POST' &&
			new URL(response.url()).pathname === '/oidc/session/end/confirm',
	);
	await userMenuButton(page, locale).click();
	await menu.getByRole('button', { name: nav.account.signOut, exact: true }).click();
	await providerDone;
	await page.waitForURL((url) => !atProvider(url));
	await page.waitForLoadState();
}

/** The session cookie of a browser context, if any. */
export async function sessionCookie(context: BrowserContext) {
	return (await context.cookies()).find((cookie) => cookie.name === sessionCookieName);
}
