import type { Browser, BrowserContext, Page } from '@playwright/test';
import enPasswordReset from '../../locales/en/passwordReset.json' with { type: 'json' };
import idPasswordReset from '../../locales/id/passwordReset.json' with { type: 'json' };
import {
	type Account,
	accountTexts,
	credentialsForm,
	expect,
	sessionCookie,
	signUp,
	submitSignIn,
	test,
} from './support/accounts';
import { fetchPage } from './support/html';
import { fill, type Locale, localePath, pageTitle } from './support/i18n';

const resetTexts = { id: idPasswordReset, en: enPasswordReset } satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 800 } });
// A sign-up, a new password and two sign-ins (hashing is slow on purpose), across the provider.
// Each journey runs in one language, alternating.
test.describe.configure({ timeout: 120_000 });

/**
 * A browser on the server's own machine: unlike the test's own, its requests carry no forwarded
 * address, so the development mailbox is open to it (decision 015).
 */
function browserOnTheServer(browser: Browser): Promise<BrowserContext> {
	return browser.newContext({ extraHTTPHeaders: {} });
}

/** The newest link the development mailbox holds for `email`. */
function mailboxLink(page: Page, email: string) {
	return page
		.getByTestId('held-mail')
		.filter({ has: page.getByTestId('held-mail-to').getByText(email, { exact: true }) })
		.first()
		.getByRole('link');
}

/** The answer to a request for a link, with the address it names written as `{{email}}`. */
async function sentAnswer(page: Page, email: string): Promise<string> {
	return (await page.getByRole('main').innerText()).replaceAll(email, '{{email}}');
}

/** Asks for a link on the forgotten-password page the browser is on. */
async function askForLink(page: Page, locale: Locale, email: string): Promise<void> {
	const { auth } = accountTexts[locale];
	const texts = resetTexts[locale];
	await expect(page).toHaveTitle(pageTitle(texts.request.title));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.request.heading);
	await page.getByLabel(auth.form.email, { exact: true }).fill(email);
	await page.getByRole('button', { name: texts.request.submit, exact: true }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.sent.heading);
	await expect(page.getByRole('status')).toContainText(fill(texts.sent.text, { email }));
}

/** Chooses `password` on the reset page the browser is on, after two refused tries. */
async function chooseNewPassword(page: Page, locale: Locale, password: string): Promise<void> {
	const { form } = accountTexts[locale].auth;
	const texts = resetTexts[locale];
	await expect(page).toHaveTitle(pageTitle(texts.reset.title));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.reset.heading);
	const first = page.getByLabel(texts.reset.password, { exact: true });
	const second = page.getByLabel(texts.reset.passwordConfirm, { exact: true });
	const save = page.getByRole('button', { name: texts.reset.submit, exact: true });

	await first.fill(password);
	await second.fill(`${password}-lain`);
	await save.click();
	await expect(page.getByText(form.errors.passwordMismatch, { exact: true })).toBeVisible();
	await expect(second).toHaveAttribute('aria-invalid', 'true');

	await first.fill('pendek');
	await second.fill('pendek');
	await save.click();
	await expect(page.getByText(form.errors.passwordTooShort, { exact: true })).toBeVisible();
	await expect(first).toHaveAttribute('aria-invalid', 'true');

	await first.fill(password);
	await second.fill(password);
	await save.click();
}

/**
 * On the sign-in form, which says the password was changed: the old password is refused, the
 * new one signs in.
 */
async function signInWithNewPassword(page: Page, account: Account, password: string) {
	const { auth } = accountTexts[account.locale];
	await expect(page.getByRole('status')).toHaveText(resetTexts[account.locale].changed);
	const form = credentialsForm(page);
	await form.getByLabel(auth.form.email, { exact: true }).fill(account.email);
	await form.getByLabel(auth.form.password, { exact: true }).fill(account.password);
	await form.getByRole('button', { name: auth.form.signIn, exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText(auth.form.errors.invalidCredentials);
	await submitSignIn(page, { ...account, password });
	await expect(page).toHaveURL(
		(url) => url.pathname === localePath('/complete-profile', account.locale),
	);
}

test.describe('a forgotten password', () => {
	const locale: Locale = 'en';
	const texts = resetTexts[locale];
	const at = (path: string) => localePath(path, locale);

	test('a link from the mailbox, a new password, signed in with it', async ({
		page,
		context,
		browser,
	}) => {
		// Signed in on one device, the account forgets its password on another.
		const account = await signUp(page, { locale });
		expect(await sessionCookie(context)).toBeDefined();
		const device = await browserOnTheServer(browser);
		const other = await device.newPage();

		await other.goto(at('/login'));
		await other.waitForURL(/\/auth\/interaction\//);
		const signInPath = new URL(other.url()).pathname;
		await other.getByRole('link', { name: texts.forgotLink, exact: true }).click();
		await askForLink(other, locale, account.email);
		await other.getByRole('link', { name: texts.sent.openDevMailbox, exact: true }).click();
		await expect(other).toHaveTitle(pageTitle(texts.mailbox.title));
		const link = mailboxLink(other, account.email);
		await expect(link).toHaveAttribute(
			'href',
			new RegExp(`${at('/auth/reset-password')}\\?token=`),
		);
		const linkHref = (await link.getAttribute('href'))!;
		await link.click();

		const password = `Baru-${Date.now().toString(36)}`;
		await chooseNewPassword(other, locale, password);
		// Back to the sign-in the visitor left, which can still finish.
		await expect(other).toHaveURL((url) => url.pathname === signInPath);
		await signInWithNewPassword(other, account, password);
		expect(await sessionCookie(device)).toBeDefined();

		// The link worked once.
		await other.goto(linkHref);
		await expect(other.getByRole('heading', { level: 1 })).toHaveText(texts.unusable.heading);
		await expect(other.getByRole('alert')).toHaveText(texts.unusable.text);
		await device.close();

		// The first device was signed out, at the site (its cookie names a session that is gone)
		// and at the provider (which asks for the password again).
		// Having signed in on it before, the device is asked to sign in, not to sign up.
		await page.goto(at('/edit-profile'));
		await expect(page).toHaveURL((url) => url.pathname === at('/login'));
		await page.goto(at('/login'));
		await page.waitForURL(/\/auth\/interaction\//);
		await expect(credentialsForm(page).getByRole('heading', { level: 1 })).toHaveText(
			accountTexts[locale].auth.form.signInHeading,
		);
	});
});

test('an unknown email is answered like a registered one, and a link opened in another browser leads to a fresh sign-in', async ({
	page,
	browser,
}) => {
	const account = await signUp(page);
	await page.context().clearCookies();

	const device = await browserOnTheServer(browser);
	const other = await device.newPage();
	const unknown = `belum.daftar.${Date.now()}@example.com`;
	await other.goto('/auth/forgot-password');
	await askForLink(other, 'id', unknown);
	const unknownAnswer = await sentAnswer(other, unknown);
	await other.goto('/auth/forgot-password');
	await askForLink(other, 'id', account.email);
	expect(await sentAnswer(other, account.email)).toBe(unknownAnswer);
	await other.goto('/auth/dev-mailbox');
	await expect(other.getByTestId('held-mail-to').getByText(unknown, { exact: true })).toHaveCount(
		0,
	);
	const linkHref = (await mailboxLink(other, account.email).getAttribute('href'))!;
	await device.close();

	// The phone opens the link from its mail: no sign-in of its own was waiting.
	const phone = await browserOnTheServer(browser);
	const mail = await phone.newPage();
	await mail.goto(linkHref);
	const password = `Baru-${Date.now().toString(36)}`;
	await chooseNewPassword(mail, 'id', password);
	await mail.waitForURL(/\/auth\/interaction\//);
	await signInWithNewPassword(mail, account, password);
	await phone.close();
});

test('the development mailbox is not there for a visitor from another machine', async ({
	page,
	request,
}) => {
	for (const path of ['/auth/dev-mailbox', '/en/auth/dev-mailbox']) {
		const { response, html } = await fetchPage(request, path);
		expect(response.status(), path).toBe(404);
		expect(html).not.toContain('data-testid="held-mail');
	}
	// Nor does the answer to a request point to it.
	await page.goto('/auth/forgot-password');
	await askForLink(page, 'id', `siapa.saja.${Date.now()}@example.com`);
	await expect(
		page.getByRole('link', { name: resetTexts.id.sent.openDevMailbox, exact: true }),
	).toHaveCount(0);
});

test('the forgotten-password form asks for a valid email, and a broken link cannot be used', async ({
	browser,
	request,
}) => {
	const locale: Locale = 'id';
	const texts = resetTexts[locale];
	const device = await browserOnTheServer(browser);
	const page = await device.newPage();
	await page.goto(localePath('/auth/forgot-password', locale));
	await page.getByRole('button', { name: texts.request.submit, exact: true }).click();
	await expect(
		page.getByText(accountTexts[locale].auth.form.errors.emailInvalid, { exact: true }),
	).toBeVisible();
	await askForLink(page, locale, `siapa.saja.${Date.now()}@example.com`);
	await device.close();

	const unusable = await fetchPage(
		request,
		localePath('/auth/reset-password?token=tidak-berlaku', locale),
	);
	expect(unusable.headings).toEqual([texts.unusable.heading]);
});
