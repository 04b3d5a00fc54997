/**
 * People's rights over their data: read my data on a page and download it as a file, delete my
 * account by typing the word shown (signed out everywhere, this browser included), and take it
 * back by signing in again within the grace period.
 */
import { readFile } from 'node:fs/promises';
import enAccount from '../../locales/en/account.json' with { type: 'json' };
import enNav from '../../locales/en/nav.json' with { type: 'json' };
import idAccount from '../../locales/id/account.json' with { type: 'json' };
import idNav from '../../locales/id/nav.json' with { type: 'json' };
import { deletionWords } from '../../src/features/account/account';
import { expect, islandReady, signInAgain, signUpComplete, test } from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';

const texts = { id: idAccount, en: enAccount } satisfies Record<Locale, unknown>;
const navTexts = { id: idNav, en: enNav } satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// One person signs up through the forms, as signing in again is how the account comes back.
test.describe.configure({ timeout: 90_000 });

test('downloads my data, deletes my account and restores it by signing in again', async ({
	page,
}) => {
	const locale: Locale = 'en';
	const account = texts[locale];
	const me = await signUpComplete(page, { locale });
	const item = await listItem(page, `Lemari ${locale} ${Date.now()}`);
	await page.goto(localePath('/profile', locale));
	await page.getByRole('link', { name: account.view }).click();
	await page.waitForURL((url) => url.pathname === localePath('/my-data', locale));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.title);
	const section = (id: keyof typeof account.data.sections) =>
		page.getByRole('region', { name: account.data.sections[id] });
	await expect(section('profile')).toContainText(me.email);
	await expect(section('items').getByRole('heading', { name: item.name })).toBeVisible();
	await expect(section('signIns').getByRole('listitem')).not.toHaveCount(0);

	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: account.download }).click(),
	]);
	expect(download.suggestedFilename()).toMatch(/^hibahin-data-\d{4}-\d{2}-\d{2}\.json$/);
	const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
	expect(data.profile).toMatchObject({ email: me.email, name: me.profile.name });
	expect(data.items).toEqual([
		expect.objectContaining({ id: item.id, photos: [expect.stringContaining('/media/items/')] }),
	]);
	expect(data.signIns.length).toBeGreaterThan(0);
	expect(data.profile.leftRankingsAt).toBeNull();

	// Leaving the heroes rankings holds after a reload, and the page says since when.
	const ranked = page.getByRole('switch', { name: account.rankings.label });
	await islandReady(ranked);
	await expect(ranked).toBeChecked();
	await ranked.click();
	await expect(page.getByText(account.rankings.left)).toBeVisible();
	await page.reload();
	await expect(ranked).not.toBeChecked();
	await expect(section('profile')).toContainText(account.data.leftRankings.split('{{')[0]!);

	const open = page.getByRole('button', { name: account.delete });
	await islandReady(open);
	await open.click();
	const dialog = page.getByRole('dialog', { name: account.deleteTitle });
	const word = deletionWords[locale];
	await dialog.getByLabel(fill(account.confirmationLabel, { word })).fill('salah');
	await dialog.getByRole('button', { name: account.confirm }).click();
	await expect(dialog.getByRole('alert')).toHaveText(account.errors.confirmation);
	await dialog.getByLabel(fill(account.confirmationLabel, { word })).fill(word);
	const refused: string[] = [];
	page.on('response', (response) => {
		if (response.url().includes('/api/') && response.status() >= 400) refused.push(response.url());
	});
	await dialog.getByRole('button', { name: account.confirm }).click();
	await page.waitForURL((url) => url.pathname === localePath('/', locale));
	await expect(page.getByText(account.deleted)).toBeVisible();

	// Signed out on this browser too: the home page shows the signed-out bar and asks the API
	// nothing that only a member may ask.
	const nav = navTexts[locale];
	const bar = page.getByRole('navigation', { name: nav.mainLabel });
	await expect(bar.getByRole('link', { name: nav.login, exact: true })).toBeVisible();
	await page.waitForLoadState('networkidle');
	await expect(bar.locator('[data-user-menu]')).toHaveCount(0);
	expect(refused).toEqual([]);
	const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
	expect(cookies).not.toContain('hibahin_session');
	expect(cookies).not.toContain('hibahin_signed_in');

	// A member's page now asks to sign in (this browser has before), and the item is out of sight.
	const signedOut = await page.request.get(localePath('/profile', locale), { maxRedirects: 0 });
	expect(signedOut.status()).toBe(302);
	expect(new URL(signedOut.headers()['location']!, page.url()).pathname).toBe(
		localePath('/login', locale),
	);
	const hidden = await page.request.get(`/api/items/${item.id}`);
	expect(((await hidden.json()) as { data: { visibility: string } }).data.visibility).toBe(
		'hidden',
	);

	await signInAgain(page, me);
	await page.goto(localePath('/profile', locale));
	await expect(page.getByRole('heading', { level: 1, name: me.profile.name })).toBeVisible();
	const restored = await page.request.get(`/api/items/${item.id}`);
	expect(((await restored.json()) as { data: { visibility: string } }).data.visibility).toBe(
		'listed',
	);
});
