/**
 * The add and edit item forms: a donor lists an item with photos, sees each rule broken in their
 * language, edits the photos of an item, and meets the edit page's dead ends. Each journey runs in
 * one language, the two taking turns; the language of every page is checked in
 * `page-languages.spec.ts`.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItemForm from '../../locales/en/itemForm.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItemForm from '../../locales/id/itemForm.json' with { type: 'json' };
import enModeration from '../../locales/en/moderation.json' with { type: 'json' };
import idModeration from '../../locales/id/moderation.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
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
import { otherVisitor } from './support/visitors';

const texts = {
	id: { ...accountTexts.id, item: idItem, itemForm: idItemForm, moderation: idModeration },
	en: { ...accountTexts.en, item: enItem, itemForm: enItemForm, moderation: enModeration },
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// The journeys upload photos, some of them phone-sized, which the browser scales down first.
test.describe.configure({ timeout: 90_000 });

type Colour = { r: number; g: number; b: number };

/** A PNG of one colour, as `setInputFiles` takes it. */
async function png(name: string, background: Colour, width = 800, height = 600) {
	const buffer = await sharp({ create: { width, height, channels: 3, background } })
		.png()
		.toBuffer();
	return { name, mimeType: 'image/png', buffer };
}

/** The form's hidden file input, which the add-photos button opens. */
function photoInput(page: Page) {
	return page.locator('input[type="file"]');
}

/** The form is interactive once React has hydrated it. */
async function hydrated(page: Page): Promise<void> {
	await islandHydrated(page, 'ItemForm');
}

/** The signed-in user's items, newest first, straight from the API. */
async function myItems(page: Page): Promise<Item[]> {
	const response = await page.request.get('/api/items/my-items');
	expect(response.ok()).toBe(true);
	return ((await response.json()) as { data: Item[] }).data;
}

/** Lists an item with two photos through the API, as the signed-in donor of `page`. */
async function listItem(page: Page, name: string): Promise<Item> {
	const headers = { Origin: siteOrigin() };
	const verification = await page.request.post('/api/verification/simulated', { headers });
	const { token } = ((await verification.json()) as { data: { token: string } }).data;
	const form = new FormData();
	const fields = {
		name,
		description: 'Rak buku kayu, tiga susun, masih kokoh.',
		condition: 'likeNew',
		weight: '6',
		length: '80',
		width: '30',
		height: '100',
		quantity: '1',
		category: 'furniture',
		verificationToken: token,
	};
	for (const [key, value] of Object.entries(fields)) form.append(key, value);
	for (const [file, colour] of [
		['depan.png', { r: 180, g: 120, b: 60 }],
		['samping.png', { r: 60, g: 120, b: 180 }],
	] as const) {
		const { buffer } = await png(file, colour);
		form.append('files', new File([new Uint8Array(buffer)], file, { type: 'image/png' }));
	}
	const response = await page.request.post('/api/items', { headers, multipart: form });
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: Item }).data;
}

/** A form field by its exact label. */
function field(page: Page, label: string) {
	return page.getByLabel(label, { exact: true });
}

/** The button that opens the file picker (its name also says how many photos are left). */
function addPhotosButton(page: Page, locale: Locale) {
	return page.getByRole('button', { name: new RegExp(`^${texts[locale].itemForm.photos.add}`) });
}

test('a signed-out visitor of the donate page is asked to sign up, on a way that leads back', async ({
	page,
}) => {
	const locale: Locale = 'en';
	const { auth } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await page.goto(at('/donate-item'));
	await expect(page).toHaveURL(
		`${at('/register')}?${new URLSearchParams({ redirectTo: at('/donate-item'), reason: 'loginRequired' })}`,
	);
	await expect(page.getByRole('status').filter({ hasText: auth.loginRequired })).toBeVisible();
	await expect(page.getByTestId('continue-sign-in')).toHaveAttribute(
		'href',
		`${at('/register')}?${new URLSearchParams({ redirectTo: at('/donate-item'), continue: '1' })}`,
	);
});

test('a newcomer completes their profile on the way, lists an item with two photos and finds it in their donations', async ({
	page,
}) => {
	const locale: Locale = 'id';
	const { item: itemTexts, itemForm } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedInNewcomer(page, locale);
	await page.goto(at('/donate-item'));
	await page.waitForURL((url) => url.pathname === at('/complete-profile'));
	expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
		redirectTo: at('/donate-item'),
		reason: 'completeProfileFirst',
	});
	const { areaName } = await completeProfile(page, { locale });
	await expect(page).toHaveURL(at('/donate-item'));
	await expect(page).toHaveTitle(pageTitle(itemForm.add.title));
	await hydrated(page);

	const name = `Kursi kayu jati ${Date.now().toString(36)}`;
	await field(page, itemForm.fields.name).fill(name);
	await field(page, itemForm.fields.description).fill('Kursi kayu jati, masih kokoh.');
	// A common size fills the four numbers, which stay editable: a changed one un-picks the size.
	const mediumBox = page.getByRole('button', { name: itemForm.presets.mediumBox });
	await expect(page.getByRole('group', { name: itemForm.presets.label })).toBeVisible();
	await mediumBox.click();
	await expect(mediumBox).toHaveAttribute('aria-pressed', 'true');
	for (const [label, value] of [
		[itemForm.fields.weight, '5'],
		[itemForm.fields.length, '50'],
		[itemForm.fields.width, '40'],
		[itemForm.fields.height, '30'],
	] as const) {
		await expect(field(page, label)).toHaveValue(value);
	}
	await field(page, itemForm.fields.weight).fill('4.5');
	await expect(mediumBox).toHaveAttribute('aria-pressed', 'false');
	await expect(field(page, itemForm.fields.length)).toHaveValue('50');
	await field(page, itemForm.fields.length).fill('45');
	await field(page, itemForm.fields.width).fill('45');
	await field(page, itemForm.fields.height).fill('90');
	await field(page, itemForm.fields.quantity).fill('2');
	await field(page, itemTexts.category.label).selectOption('furniture');
	await page.getByRole('radio', { name: itemTexts.condition.likeNew }).check();
	// The pickup district opens on the profile's, and can be another one.
	const pickup = page.getByRole('combobox', { name: itemForm.fields.pickupDistrict });
	await expect(pickup).toHaveValue(new RegExp(`^${areaName.split(',')[0]}`));
	await pickup.fill('cibeunying kidul');
	await page
		.getByRole('listbox', { name: itemForm.fields.pickupDistrict })
		.getByRole('option', { name: /^Cibeunying Kidul, Kota Bandung/ })
		.click();
	await expect(pickup).toHaveValue(/^Cibeunying Kidul, Kota Bandung/);
	await photoInput(page).setInputFiles([
		await png('depan.png', { r: 200, g: 80, b: 40 }),
		// Larger than 2048 px: scaled down in the browser before the upload.
		await png('samping.png', { r: 40, g: 120, b: 200 }, 3000, 2000),
	]);
	for (const index of [1, 2]) {
		await expect(
			page.getByRole('img', { name: fill(itemForm.photos.photo, { index }) }),
		).toBeVisible();
	}
	await expect(page.getByText(itemForm.verification.verified)).toBeVisible();
	await page.getByRole('button', { name: itemForm.add.submit }).click();

	await expect(page.getByText(itemForm.add.created, { exact: true })).toBeVisible();
	await expect(page).toHaveURL(at('/my-items'));
	await expect(page.getByRole('main').getByText(name)).toBeVisible();
	const [item] = await myItems(page);
	expect(item).toMatchObject({
		name,
		weight: 4.5,
		length: 45,
		quantity: 2,
		category: 'furniture',
		condition: 'likeNew',
	});
	expect(item!.pickup).toMatchObject({ districtCode: '32.73.14', regencyName: 'Kota Bandung' });
	expect(item!.images).toHaveLength(2);
	expect(item!.photos[1]!.width).toBeLessThanOrEqual(2048);
});

test("explains every broken rule in the visitor's language", async ({ page }) => {
	const locale: Locale = 'en';
	const { form, itemForm } = texts[locale];
	const errors = form.errors;
	await signedIn(page, { locale });
	await page.goto(localePath('/donate-item', locale));
	await hydrated(page);

	// A field speaks up once it has been left, not while it is still untouched.
	await field(page, itemForm.fields.name).fill('Ku');
	await expect(page.getByText(errors.itemNameMin)).toHaveCount(0);
	await field(page, itemForm.fields.description).focus();
	await expect(page.getByText(errors.itemNameMin)).toBeVisible();
	await expect(field(page, itemForm.fields.name)).toHaveAttribute('aria-invalid', 'true');

	await field(page, itemForm.fields.name).fill('');
	await page.getByRole('button', { name: itemForm.add.submit }).click();
	for (const message of [
		errors.itemNameRequired,
		errors.descriptionRequired,
		errors.weightRequired,
		errors.lengthRequired,
		errors.widthRequired,
		errors.heightRequired,
		itemForm.errors.conditionRequired,
		errors.imagesRequired,
	]) {
		await expect(page.getByText(message)).toBeVisible();
	}
	await expect(field(page, itemForm.fields.name)).toBeFocused();

	await field(page, itemForm.fields.name).fill('Kursi');
	await field(page, itemForm.fields.description).fill('Pendek');
	await field(page, itemForm.fields.weight).fill('0');
	await field(page, itemForm.fields.length).fill('0.5');
	await field(page, itemForm.fields.width).fill('301');
	await field(page, itemForm.fields.height).fill('12.34');
	await field(page, itemForm.fields.quantity).fill('1.5');
	for (const message of [
		errors.descriptionMin,
		errors.weightMin,
		errors.lengthMin,
		errors.widthMax,
		itemForm.errors.oneDecimal,
		errors.quantityInteger,
	]) {
		await expect(page.getByText(message)).toBeVisible();
	}
	await field(page, itemForm.fields.quantity).fill('0');
	await expect(page.getByText(errors.quantityMin)).toBeVisible();
	await page.getByRole('button', { name: itemForm.add.submit }).click();
	await expect(field(page, itemForm.fields.description)).toBeFocused();

	// Only JPEG, PNG and WebP; at most five photos.
	await photoInput(page).setInputFiles([
		{ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('bukan foto') },
	]);
	await expect(page.getByText(errors.imageType)).toBeVisible();
	const six = await Promise.all(
		[0, 1, 2, 3, 4, 5].map((n) => png(`foto-${n}.png`, { r: 40 * n, g: 100, b: 150 })),
	);
	await photoInput(page).setInputFiles(six);
	await expect(page.getByText(errors.imagesMax)).toBeVisible();
	await expect(
		page.getByRole('button', { name: fill(itemForm.photos.remove, { index: 5 }) }),
	).toBeVisible();
	await expect(
		page.getByRole('button', { name: fill(itemForm.photos.remove, { index: 6 }) }),
	).toHaveCount(0);
	await expect(addPhotosButton(page, locale)).toHaveAttribute('aria-disabled', 'true');

	// Removing every photo brings the at-least-one rule back at once.
	for (let index = 5; index >= 1; index--) {
		await page.getByRole('button', { name: fill(itemForm.photos.remove, { index }) }).click();
	}
	await expect(page.getByText(errors.imagesRequired)).toBeVisible();
});

test('warns before saving an item that mentions a price, saves it anyway and the desk sees the flag', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { itemForm, moderation } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await page.setViewportSize({ width: 390, height: 844 });
	await signedIn(page, { locale });
	await page.goto(at('/donate-item'));
	await hydrated(page);
	const warning = page.getByTestId('money-warning');
	const name = `Lemari ${Date.now().toString(36)}`;
	await fillNewItem(page, locale, name);
	await expect(warning).toHaveCount(0);
	await field(page, itemForm.fields.description).fill('Masih kokoh, dijual Rp 50.000 saja.');
	await expect(warning).toHaveText(itemForm.moneyWarning);
	await expect(page.getByText(itemForm.verification.verified)).toBeVisible();
	await page.getByRole('button', { name: itemForm.add.submit }).click();
	await expect(page.getByText(itemForm.add.created, { exact: true })).toBeVisible();
	const [listed] = await myItems(page);
	expect(listed?.name).toBe(name);

	// The edit form warns as soon as it opens, and the flag stays until the words go.
	await page.goto(at(`/my-items/${listed!.id}/edit`));
	await hydrated(page);
	await expect(warning).toHaveText(itemForm.moneyWarning);

	const desk = await otherVisitor(browser, baseURL!);
	await signedIn(desk, { locale, kind: 'moderator' });
	await desk.setViewportSize({ width: 390, height: 844 });
	await desk.goto(at('/moderation'));
	const entry = desk.locator(`[data-target="item:${listed!.id}"]`);
	await expect(entry.getByRole('heading', { name })).toBeVisible();
	await expect(entry.getByText(moderation.flagged)).toBeVisible();
	await desk.context().close();
});

test('the owner swaps a photo of an item and saves only once something changed', async ({
	page,
}) => {
	const locale: Locale = 'en';
	const { form, itemForm } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const item = await listItem(page, `Rak buku ${Date.now().toString(36)}`);
	await page.goto(at(`/my-items/${item.id}/edit`));
	await expect(page).toHaveTitle(pageTitle(itemForm.edit.title));
	await hydrated(page);

	const save = page.getByRole('button', { name: itemForm.edit.submit });
	await expect(field(page, itemForm.fields.name)).toHaveValue(item.name);
	await expect(field(page, itemForm.fields.weight)).toHaveValue('6');
	await expect(page.getByText(itemForm.photos.existing, { exact: true })).toHaveCount(2);
	await expect(save).toBeDisabled();
	await expect(page.getByRole('link', { name: itemForm.cancel })).toHaveAttribute(
		'href',
		at('/my-items'),
	);

	// Typing the same value back is no change.
	await field(page, itemForm.fields.weight).fill('6.0');
	await expect(save).toBeDisabled();
	await field(page, itemForm.fields.weight).fill('6.5');
	await expect(save).toBeEnabled();
	await field(page, itemForm.fields.weight).fill('6');
	await expect(save).toBeDisabled();
	// So is the condition.
	await expect(
		page.getByRole('radio', { name: texts[locale].item.condition.likeNew }),
	).toBeChecked();
	await page.getByRole('radio', { name: texts[locale].item.condition.used }).check();
	await expect(save).toBeEnabled();
	await page.getByRole('radio', { name: texts[locale].item.condition.likeNew }).check();
	await expect(save).toBeDisabled();

	// Marking a photo for deletion is a change, and can be undone.
	await page.getByRole('button', { name: fill(itemForm.photos.remove, { index: 1 }) }).click();
	await expect(page.getByText(itemForm.photos.markedForDeletion)).toBeVisible();
	await expect(
		page.getByRole('button', { name: new RegExp(`^${itemForm.photos.undo}`) }),
	).toBeFocused();
	await expect(save).toBeEnabled();
	await page.getByRole('button', { name: new RegExp(`^${itemForm.photos.undo}`) }).click();
	await expect(save).toBeDisabled();

	// At least one photo must remain.
	await page.getByRole('button', { name: fill(itemForm.photos.remove, { index: 1 }) }).click();
	await page.getByRole('button', { name: fill(itemForm.photos.remove, { index: 2 }) }).click();
	await expect(page.getByText(form.errors.imagesRequired)).toBeVisible();
	await save.click();
	await expect(addPhotosButton(page, locale)).toBeFocused();
	await page
		.getByRole('button', { name: new RegExp(`^${itemForm.photos.undo}`) })
		.last()
		.click();

	await photoInput(page).setInputFiles([await png('baru.png', { r: 20, g: 160, b: 60 })]);
	// Within the photos: the condition "New" is a choice of the same form.
	await expect(
		page
			.getByRole('list', { name: itemForm.photos.label })
			.getByText(itemForm.photos.new, { exact: true }),
	).toBeVisible();
	await expect(page.getByText(form.errors.imagesRequired)).toHaveCount(0);
	await save.click();

	await expect(page.getByText(itemForm.edit.updated, { exact: true })).toBeVisible();
	await expect(page).toHaveURL(at('/my-items'));
	const [saved] = await myItems(page);
	expect(saved!.images).toHaveLength(2);
	expect(saved!.images).not.toContain(item.images[0]);
	expect(saved!.images[0]).toBe(item.images[1]);
});

test('the edit page turns away missing, unavailable and other donors’ items', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { itemForm } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const item = await listItem(page, `Meja lipat ${Date.now().toString(36)}`);

	const missing = await page.goto(at('/my-items/987654321/edit'));
	expect(missing?.status()).toBe(404);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(itemForm.edit.notFoundTitle);
	await expect(page.getByText(itemForm.edit.notFound)).toBeVisible();
	await expect(page.getByRole('link', { name: itemForm.edit.back })).toHaveAttribute(
		'href',
		at('/my-items'),
	);

	const toggled = await page.request.patch(`/api/items/${item.id}/toggle-status`, {
		headers: { Origin: baseURL! },
	});
	expect(toggled.ok()).toBe(true);
	await page.goto(at(`/my-items/${item.id}/edit`));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(itemForm.edit.notEditableTitle);
	await expect(page.getByRole('link', { name: itemForm.edit.back })).toBeVisible();
	await expect(page.getByRole('button', { name: itemForm.edit.submit })).toHaveCount(0);

	const stranger = await otherVisitor(browser, baseURL!);
	await signedIn(stranger, { locale });
	const response = await stranger.request.get(at(`/my-items/${item.id}/edit`));
	expect(response.status()).toBe(404);
	expect(await response.text()).not.toContain(item.name);
	await stranger.context().close();
});

test('a donor who listed the day’s items is told the limit, in their language', async ({
	page,
}) => {
	const locale: Locale = 'en';
	const { itemForm } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const perDay = 20;
	for (let listed = 1; listed <= perDay; listed++) {
		await listItem(page, `Rak buku ${listed} ${Date.now().toString(36)}`);
	}

	await page.goto(at('/donate-item'));
	await hydrated(page);
	await field(page, itemForm.fields.name).fill('Rak buku ke-21');
	await field(page, itemForm.fields.description).fill('Rak buku kayu, tiga susun, masih kokoh.');
	await field(page, itemForm.fields.weight).fill('6');
	await field(page, itemForm.fields.length).fill('80');
	await field(page, itemForm.fields.width).fill('30');
	await field(page, itemForm.fields.height).fill('100');
	await page.getByRole('radio', { name: texts[locale].item.condition.used }).check();
	await photoInput(page).setInputFiles([await png('depan.png', { r: 90, g: 60, b: 30 })]);
	await expect(page.getByText(itemForm.verification.verified)).toBeVisible();
	await page.getByRole('button', { name: itemForm.add.submit }).click();

	const [before] = fill(itemForm.errors.dailyLimit, { limit: perDay }).split('{{wait}}');
	await expect(page.getByRole('alert').filter({ hasText: before! })).toBeVisible();
	// Said once, above the form: no toast repeats it.
	await expect(page.getByText(before!)).toHaveCount(1);
	await expect(page).toHaveURL(at('/donate-item'));
	expect(await myItems(page)).toHaveLength(perDay);
});

test('the at-most-five message leaves once the photos are within the limit again', async ({
	page,
}) => {
	const locale: Locale = 'id';
	const { form, itemForm } = texts[locale];
	const tooMany = page.getByText(form.errors.imagesMax);
	const removeButton = (index: number) =>
		page.getByRole('button', { name: fill(itemForm.photos.remove, { index }) });
	const pick = async (files: Awaited<ReturnType<typeof png>>[]) => {
		const chooser = page.waitForEvent('filechooser');
		await addPhotosButton(page, locale).click();
		await (await chooser).setFiles(files);
	};
	await signedIn(page, { locale });
	await page.goto(localePath('/donate-item', locale));
	await hydrated(page);
	const six = await Promise.all(
		[0, 1, 2, 3, 4, 5].map((n) => png(`foto-${n}.png`, { r: 40 * n, g: 100, b: 150 })),
	);

	await pick(six);
	await expect(tooMany).toBeVisible();
	await expect(removeButton(5)).toBeVisible();
	await removeButton(5).click();
	await expect(removeButton(5)).toHaveCount(0);
	await expect(tooMany).toHaveCount(0);

	// Two photos into the one free place: one is kept and the message is back, until a pick fits.
	await pick(six.slice(0, 2));
	await expect(removeButton(5)).toBeVisible();
	await expect(tooMany).toBeVisible();
	await removeButton(5).click();
	await removeButton(4).click();
	await expect(tooMany).toHaveCount(0);
	await pick(six.slice(0, 1));
	await expect(removeButton(4)).toBeVisible();
	await expect(tooMany).toHaveCount(0);

	// A photo removed while a pick that overflows is still being prepared frees a place too.
	for (let index = 4; index >= 2; index--) await removeButton(index).click();
	// Phone-sized photos, which take a moment to scale down.
	const large = await Promise.all(
		[0, 1, 2, 3, 4].map((n) => png(`besar-${n}.png`, { r: 90, g: 30 * n, b: 60 }, 4032, 3024)),
	);
	await pick(large);
	await expect(page.getByText(itemForm.photos.preparing)).toBeVisible();
	await removeButton(1).click();
	await expect(page.getByText(itemForm.photos.preparing)).toHaveCount(0, { timeout: 60_000 });
	await expect(removeButton(4)).toBeVisible();
	await expect(removeButton(5)).toHaveCount(0);
	await expect(tooMany).toHaveCount(0);
});

/**
 * Holds the human check's first request until `release` is called, so that a submit surely lands
 * while the check is still at work. The request itself reaches the server unchanged.
 */
async function holdHumanCheck(page: Page): Promise<() => void> {
	let release!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/api/verification/config', async (route) => {
		await released;
		await route.continue();
	});
	return release;
}

/** Fills the add form with a valid item of one photo. */
async function fillNewItem(
	page: Page,
	locale: Locale,
	name: string,
	description = 'Lemari pakaian dua pintu, masih kokoh.',
): Promise<void> {
	const { item: itemTexts, itemForm } = texts[locale];
	await field(page, itemForm.fields.name).fill(name);
	await field(page, itemForm.fields.description).fill(description);
	await field(page, itemForm.fields.weight).fill('30');
	await field(page, itemForm.fields.length).fill('100');
	await field(page, itemForm.fields.width).fill('50');
	await field(page, itemForm.fields.height).fill('180');
	await field(page, itemTexts.category.label).selectOption('furniture');
	await page.getByRole('radio', { name: itemTexts.condition.used }).check();
	await photoInput(page).setInputFiles([await png('lemari.png', { r: 120, g: 80, b: 40 })]);
	await expect(
		page.getByRole('img', { name: fill(itemForm.photos.photo, { index: 1 }) }),
	).toBeVisible();
}

test('a donor who submits during the human check sees the item listed once it passes', async ({
	page,
}) => {
	const locale: Locale = 'en';
	const { itemForm } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const release = await holdHumanCheck(page);
	await page.goto(at('/donate-item'));
	await hydrated(page);
	const name = `Lemari pakaian ${Date.now().toString(36)}`;
	await fillNewItem(page, locale, name);

	await expect(page.getByText(itemForm.verification.loading)).toBeVisible();
	await page.getByRole('button', { name: itemForm.add.submit }).click();
	await expect(page.getByRole('button', { name: itemForm.saving })).toBeDisabled();
	await expect(page.getByText(itemForm.verification.required)).toHaveCount(0);
	release();

	await expect(page.getByText(itemForm.add.created, { exact: true })).toBeVisible();
	await expect(page).toHaveURL(at('/my-items'));
	const [listed] = await myItems(page);
	expect(listed?.name).toBe(name);
});

test('a submit waiting for a human check that fails says verification is required', async ({
	page,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { itemForm } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const release = await holdHumanCheck(page);
	await page.goto(at('/donate-item'));
	await hydrated(page);
	await fillNewItem(page, locale, `Lemari pakaian ${Date.now().toString(36)}`);
	// Every simulated token of the minute spent: the server refuses the form's check.
	for (;;) {
		const minted = await page.request.post('/api/verification/simulated', {
			headers: { Origin: baseURL! },
		});
		if (minted.status() === 429) break;
		expect(minted.status()).toBe(200);
	}

	await page.getByRole('button', { name: itemForm.add.submit }).click();
	await expect(page.getByText(itemForm.verification.required)).toHaveCount(0);
	release();

	await expect(page.getByText(itemForm.verification.failed)).toBeVisible();
	await expect(page.getByText(itemForm.verification.required)).toBeVisible();
	await expect(page.getByRole('group', { name: itemForm.verification.label })).toBeFocused();
	await expect(page.getByRole('button', { name: itemForm.add.submit })).toBeEnabled();
	await expect(page).toHaveURL(at('/donate-item'));
	expect(await myItems(page)).toHaveLength(0);
});
