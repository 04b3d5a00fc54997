/**
 * The item detail page: what a receiver, the donor and a stranger each see and can do.
 *
 * Not covered here: a donor without a phone number. A profile is only complete with a phone
 * (`isProfileComplete`), and listing an item needs a complete profile, so such a donor cannot be
 * made through the product; the contact decision's unit tests cover that case instead.
 *
 * Each journey runs in one language, the two taking turns; the language of every page is checked
 * in `page-languages.spec.ts`.
 */
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enItems from '../../locales/en/items.json' with { type: 'json' };
import idCommon from '../../locales/id/common.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idItems from '../../locales/id/items.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import { pickupLabel } from '../../src/features/places/places';
import {
	accountTexts,
	completeProfile,
	expect,
	islandHydrated,
	signedIn,
	signedInNewcomer,
	siteOrigin,
	test,
} from './support/accounts';
import { fill, type Locale, localePath, pageTitle } from './support/i18n';
import { openedUrls, otherVisitor, recordWindowOpen } from './support/visitors';

const texts = {
	id: {
		...accountTexts.id,
		common: idCommon,
		item: idItem,
		itemDetail: idItemDetail,
		items: idItems,
	},
	en: {
		...accountTexts.en,
		common: enCommon,
		item: enItem,
		itemDetail: enItemDetail,
		items: enItems,
	},
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// Two or three people, each on their own screens.
test.describe.configure({ timeout: 90_000 });

/** A photo file of one colour, made with sharp. */
async function photo(name: string, background: { r: number; g: number; b: number }) {
	const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
		.jpeg()
		.toBuffer();
	return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

/** Lists an item with two photos through the API, as the signed-in donor of `page`. */
async function listItem(page: Page, name: string): Promise<Item> {
	const origin = { Origin: siteOrigin() };
	const verification = await page.request.post('/api/verification/simulated', { headers: origin });
	expect(verification.ok()).toBe(true);
	const { token } = ((await verification.json()) as { data: { token: string } }).data;
	const form = new FormData();
	const fields = {
		name,
		description: 'Kursi lipat kayu jati.\nMasih kokoh, ada sedikit goresan.',
		condition: 'used',
		weight: '3.5',
		length: '45',
		width: '40',
		height: '80',
		quantity: '3',
		category: 'furniture',
		verificationToken: token,
	};
	for (const [key, value] of Object.entries(fields)) form.append(key, value);
	form.append('files', await photo('depan.jpg', { r: 180, g: 120, b: 60 }));
	form.append('files', await photo('samping.jpg', { r: 60, g: 120, b: 180 }));
	const response = await page.request.post('/api/items', { headers: origin, multipart: form });
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: Item }).data;
}

/** Waits for the gallery's slide to end: a change during a slide is ignored on purpose. */
async function slideEnded(gallery: Locator): Promise<void> {
	await gallery.evaluate((element) =>
		Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
	);
}

/** The availability badge under the item's name. */
function statusBadge(page: Page) {
	return page.getByRole('main').locator('header [data-status]');
}

/** The island is interactive once React has hydrated it. */
async function hydrated(page: Page): Promise<void> {
	await islandHydrated(page, 'ItemDetail');
}

test('a receiver asks the donor on WhatsApp and sees it given away', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { item: itemTexts, itemDetail, items } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	const donor = await signedIn(page, { locale });
	const listed = await listItem(page, `Kursi lipat ${locale} ${randomInt(1e6)}`);
	const itemPath = at(`/items/${listed.id}`);

	const receiver = await otherVisitor(browser, baseURL!);
	await signedIn(receiver, { locale });
	await recordWindowOpen(receiver);
	await receiver.goto(itemPath);
	await hydrated(receiver);

	await expect(receiver).toHaveTitle(pageTitle(listed.name));
	await expect(receiver.getByRole('heading', { level: 1 })).toHaveText(listed.name);
	await expect(statusBadge(receiver)).toHaveText(itemTexts.status.AVAILABLE);
	await expect(statusBadge(receiver)).toHaveClass(/badge-success/);
	const availableCount = receiver.getByText(fill(itemTexts.quantityAvailable, { count: 3 }), {
		exact: true,
	});
	await expect(availableCount.first()).toBeVisible();
	// The donor link reads the name alone, to screen readers and as text, without the initial.
	const donorLink = receiver.getByRole('link', { name: donor.profile.name, exact: true });
	await expect(donorLink).toHaveAttribute('href', at(`/profile/${listed.donorId}`));
	await expect(donorLink).toHaveText(donor.profile.name);
	await expect(receiver.getByText('Kursi lipat kayu jati.')).toHaveCSS('white-space', 'pre-line');
	// The pickup area, city first: the donor's district unless they chose another.
	await expect(receiver.getByText(pickupLabel(listed.pickup!), { exact: true })).toBeVisible();

	// Link previews get the cover photo (as JPEG), search engines the free offer.
	const ogImage = await receiver.locator('meta[property="og:image"]').getAttribute('content');
	expect(ogImage).toBe(
		new URL(listed.photos[0]!.src.replace(/\.webp$/, '-share.jpg'), baseURL).href,
	);
	const jsonLd = JSON.parse(
		(await receiver.locator('script[type="application/ld+json"]').textContent()) ?? '',
	) as { offers: { price: number; priceCurrency: string; availability: string } };
	expect(jsonLd.offers).toMatchObject({
		price: 0,
		priceCurrency: 'IDR',
		availability: 'https://schema.org/InStock',
	});

	// The gallery cycles around, by button and by keyboard.
	const gallery = receiver.getByRole('region', { name: itemDetail.gallery.label });
	const position = (index: number) => fill(itemDetail.gallery.position, { index, count: 2 });
	await expect(
		gallery.getByRole('img', { name: fill(itemTexts.photoAlt, { index: 1, name: listed.name }) }),
	).toHaveAttribute('fetchpriority', 'high');
	await gallery.getByRole('button', { name: itemDetail.gallery.next }).click();
	await expect(gallery.getByText(position(2), { exact: true })).toBeVisible();
	await slideEnded(gallery);
	await gallery.getByRole('button', { name: itemDetail.gallery.next }).press('ArrowRight');
	await expect(gallery.getByText(position(1), { exact: true })).toBeVisible();
	await slideEnded(gallery);
	await gallery.getByRole('button', { name: fill(itemDetail.gallery.show, { index: 2 }) }).click();
	await expect(gallery.getByText(position(2), { exact: true })).toBeVisible();

	// The stepper keeps the request within 1 and the 3 available.
	const quantity = receiver.getByLabel(itemDetail.quantity.label);
	await receiver.getByRole('button', { name: itemDetail.quantity.increase }).click();
	await expect(quantity).toHaveValue('2');
	await quantity.fill('99');
	await quantity.blur();
	await expect(quantity).toHaveValue('3');
	await quantity.fill('0');
	await quantity.blur();
	await expect(quantity).toHaveValue('1');
	await receiver.getByRole('button', { name: itemDetail.quantity.increase }).click();

	await receiver.getByRole('button', { name: new RegExp(itemDetail.whatsapp.contact) }).click();
	const message = fill(itemDetail.whatsapp.message_other, {
		name: listed.name,
		count: 2,
		available: 3,
		url: new URL(itemPath, baseURL).href,
	});
	await expect
		.poll(() => openedUrls(receiver))
		.toEqual([`https://wa.me/62${donor.profile.phoneDigits}?text=${encodeURIComponent(message)}`]);

	// The donor sees their own item and marks it donated.
	await page.goto(itemPath);
	await hydrated(page);
	await expect(page.getByText(itemDetail.ownItem)).toBeVisible();
	const edit = page.getByRole('link', { name: itemDetail.status.edit, exact: true });
	await expect(edit).toHaveAttribute('href', at(`/my-items/${listed.id}/edit`));
	await expect(
		page.getByRole('button', { name: new RegExp(itemDetail.whatsapp.contact) }),
	).toHaveCount(0);
	await page.getByRole('button', { name: itemDetail.status.markDonated }).click();
	// It closes the item's requests: a dialog naming the item asks first.
	const asking = page.getByRole('dialog', { name: items.toggle.title });
	await expect(asking).toContainText(fill(items.toggle.message, { name: listed.name }));
	await asking.getByRole('button', { name: items.toggle.confirm }).click();
	await expect(page.getByText(itemDetail.statusUpdated, { exact: true })).toBeVisible();
	await expect(statusBadge(page)).toHaveText(itemTexts.status.DONATED);
	await expect(page.getByRole('button', { name: itemDetail.status.markAvailable })).toBeEnabled();
	// A given item can no longer be edited.
	await expect(edit).toHaveCount(0);

	// The receiver's open page follows by polling, without a reload.
	await expect(statusBadge(receiver)).toHaveText(itemTexts.status.DONATED, { timeout: 10_000 });
	await expect(statusBadge(receiver)).not.toHaveClass(/badge-success/);
	await expect(receiver.getByText(itemDetail.notAvailable)).toBeVisible();
	await expect(receiver.getByLabel(itemDetail.quantity.label)).toHaveCount(0);
	// Nothing is left to take: no count says otherwise.
	await expect(availableCount).toHaveCount(0);
	await receiver.context().close();
});

test('a signed-out visitor is asked to sign up first; a deleted item says so', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'en';
	const { auth, common, itemDetail } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const listed = await listItem(page, `Lemari kecil ${locale} ${randomInt(1e6)}`);
	const itemPath = at(`/items/${listed.id}`);

	const visitor = await otherVisitor(browser, baseURL!);
	const watcher = await visitor.context().newPage();
	await watcher.goto(itemPath);
	await hydrated(watcher);
	await visitor.goto(itemPath);
	await hydrated(visitor);
	// Courier delivery is offered beside pickup: the embedded server simulates it (decision 024).
	await expect(
		visitor.getByRole('radio', { name: new RegExp(itemDetail.pickup.shippingTitle) }),
	).toBeEnabled();
	await expect(visitor.getByText(itemDetail.pickup.comingSoon, { exact: true })).toHaveCount(0);
	await expect(visitor.getByText(itemDetail.pickup.shippingText, { exact: true })).toBeVisible();

	await visitor.getByRole('button', { name: new RegExp(itemDetail.whatsapp.contact) }).click();
	await visitor.waitForURL((url) => url.pathname === at('/register'), {
		waitUntil: 'networkidle',
	});
	const url = new URL(visitor.url());
	expect(Object.fromEntries(url.searchParams)).toEqual({
		redirectTo: itemPath,
		reason: 'loginRequired',
	});
	// The prompt says why once, in its note; no toast repeats it.
	await expect(visitor.getByRole('status').filter({ hasText: auth.loginRequired })).toBeVisible();
	expect(await visitor.getByText(auth.loginRequired, { exact: true }).count()).toBe(1);

	// The donor deletes the item: a page still open on it says so at the next poll.
	const deleted = await page.request.delete(`/api/items/${listed.id}`, {
		headers: { Origin: baseURL! },
	});
	expect(deleted.status()).toBe(204);
	await expect(watcher.getByRole('alert').filter({ hasText: common.error })).toBeVisible({
		timeout: 10_000,
	});
	await expect(watcher.getByRole('link', { name: itemDetail.browseItems })).toHaveAttribute(
		'href',
		at('/items'),
	);
	await visitor.context().close();
});

test('a visitor with an incomplete profile is asked to complete it first', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { itemDetail, profile } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const listed = await listItem(page, `Rak sepatu ${locale} ${randomInt(1e6)}`);
	const itemPath = at(`/items/${listed.id}`);

	const visitor = await otherVisitor(browser, baseURL!);
	await signedInNewcomer(visitor, locale);
	await visitor.goto(itemPath);
	await hydrated(visitor);
	await visitor.getByRole('button', { name: new RegExp(itemDetail.whatsapp.contact) }).click();
	await visitor.waitForURL((url) => url.pathname === at('/complete-profile'), {
		waitUntil: 'networkidle',
	});
	expect(Object.fromEntries(new URL(visitor.url()).searchParams)).toEqual({
		redirectTo: itemPath,
		reason: 'completeProfileFirst',
	});
	// The page says why once, in its note; no toast repeats it.
	await expect(
		visitor.getByRole('status').filter({ hasText: profile.completeProfileFirst }),
	).toBeVisible();
	expect(await visitor.getByText(profile.completeProfileFirst, { exact: true }).count()).toBe(1);
	await visitor.context().close();
});

test('a profile completed in another tab counts once the page checks it again', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'en';
	const { itemDetail } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	const donor = await signedIn(page, { locale });
	const listed = await listItem(page, `Meja belajar ${randomInt(1e6)}`);

	const visitor = await otherVisitor(browser, baseURL!);
	await signedInNewcomer(visitor, locale);
	await recordWindowOpen(visitor);
	await visitor.clock.install();
	const checked = visitor.waitForResponse((response) =>
		response.url().endsWith('/api/profile/check'),
	);
	await visitor.goto(at(`/items/${listed.id}`));
	await hydrated(visitor);
	expect(((await (await checked).json()) as { data: { isComplete: boolean } }).data).toMatchObject({
		isComplete: false,
	});

	const otherTab = await visitor.context().newPage();
	await otherTab.goto(at('/complete-profile'));
	await completeProfile(otherTab, { locale });
	await otherTab.close();

	// The check stays fresh for 5 minutes; then the window regaining focus asks again.
	await visitor.clock.fastForward('05:01');
	const checkedAgain = visitor.waitForResponse((response) =>
		response.url().endsWith('/api/profile/check'),
	);
	await visitor.evaluate(() => window.dispatchEvent(new Event('focus')));
	await checkedAgain;
	await visitor.getByRole('button', { name: new RegExp(itemDetail.whatsapp.contact) }).click();
	await expect
		.poll(() => openedUrls(visitor))
		.toEqual([expect.stringMatching(`^https://wa\\.me/62${donor.profile.phoneDigits}\\?text=`)]);
	expect(new URL(visitor.url()).pathname).toBe(at(`/items/${listed.id}`));
	await visitor.context().close();
});

test('a missing item answers 404', async ({ request }) => {
	const response = await request.get('/items/987654321');
	expect(response.status()).toBe(404);
});
