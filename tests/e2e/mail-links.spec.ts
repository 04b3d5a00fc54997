import type { Browser, Page } from '@playwright/test';
import enMail from '../../locales/en/mail.json' with { type: 'json' };
import idMail from '../../locales/id/mail.json' with { type: 'json' };
import { unsubscribeToken } from '../../src/features/notifications/mail/unsubscribe-token.server';
import { expect, nextSeededPerson, signUpComplete, siteOrigin, test } from './support/accounts';
import { fill } from './support/i18n';
import { seededUnsubscribeKey } from './support/seeded-accounts';

test.use({ viewport: { width: 1280, height: 800 } });
// A sign-up with its profile crosses the provider, and hashing is slow on purpose.
test.describe.configure({ timeout: 120_000 });

/** A browser on the server's own machine, to which the development mailbox is open. */
async function mailboxPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ extraHTTPHeaders: {}, baseURL: siteOrigin() });
	return context.newPage();
}

/** The newest message the development mailbox holds for `email`. */
function heldMail(page: Page, email: string) {
	return page
		.getByTestId('held-mail')
		.filter({ has: page.getByTestId('held-mail-to').getByText(email, { exact: true }) })
		.first();
}

test('a new account confirms its address by the mailed link, asked for again from the profile', async ({
	page,
	browser,
}) => {
	const texts = enMail.verification;
	const account = await signUpComplete(page, { locale: 'en' });
	await page.goto('/en/profile');
	const unconfirmed = page.getByTestId('email-unverified');
	await expect(unconfirmed).toContainText(texts.notVerified);
	await unconfirmed.getByRole('button', { name: texts.resend }).click();
	await expect(page.getByRole('main').getByRole('status')).toHaveText(
		fill(texts.page.sent, { email: account.email }),
	);

	const mailbox = await mailboxPage(browser);
	await mailbox.goto('/en/auth/dev-mailbox');
	const mail = heldMail(mailbox, account.email);
	await expect(mail.getByRole('heading')).toHaveText(texts.mail.subject);
	await mail.getByRole('link', { name: /\/en\/auth\/verify-email\?token=/ }).click();
	await expect(mailbox.getByRole('main').getByRole('status')).toHaveText(
		fill(texts.page.verified, { email: account.email }),
	);

	await page.goto('/en/profile');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await expect(unconfirmed).toHaveCount(0);
});

test('a mail client’s one-click POST stops a kind of mail; the link in a browser shows it and the way back', async ({
	page,
	playwright,
}) => {
	const texts = idMail.unsubscribe;
	const kind = idMail.kinds.handOvers;
	const person = nextSeededPerson('complete');
	const key = Buffer.from(seededUnsubscribeKey, 'base64url');
	const token = unsubscribeToken(key, { userId: person.id, eventKind: 'handOvers' });

	// As a mail client posts: no cookies, another site's origin or none.
	const mailClient = await playwright.request.newContext({ baseURL: siteOrigin() });
	for (const headers of [{}, { Origin: 'https://mail.example', 'Sec-Fetch-Site': 'cross-site' }]) {
		const stopped = await mailClient.post(`/unsubscribe/${token}`, {
			form: { 'List-Unsubscribe': 'One-Click' },
			headers,
		});
		expect(stopped.status()).toBe(200);
		expect(await stopped.text()).toBe(fill(texts.oneClick, { kind }));
	}
	const forged = await mailClient.post(`/unsubscribe/${token.slice(0, -2)}AA`, {
		form: { 'List-Unsubscribe': 'One-Click' },
	});
	expect(forged.status()).toBe(400);
	// Any other page's post from elsewhere is still refused.
	const elsewhere = await mailClient.post('/auth/verify-email', {
		headers: { Origin: 'https://mail.example' },
	});
	expect(elsewhere.status()).toBe(403);
	await mailClient.dispose();

	await page.goto(`/unsubscribe/${token}`);
	await expect(page.getByRole('main').getByRole('status')).toContainText(
		fill(texts.stopped, { kind }),
	);
	await page.getByRole('button', { name: texts.resubscribe }).click();
	await expect(page.getByRole('main').getByRole('status')).toHaveText(
		fill(texts.resumed, { kind }),
	);
	await expect(page.getByRole('link', { name: texts.settings })).toHaveAttribute(
		'href',
		'/settings/notifications',
	);
});
