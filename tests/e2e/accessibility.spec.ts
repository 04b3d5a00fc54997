/**
 * Axe-core finds nothing serious or critical on any kind of page, in each state a visitor meets
 * it in (dialogs and panels open, forms showing their errors, empty lists). Each test runs in one
 * language, the tests taking turns (`takingTurns`). The journeys check what pages do; this checks
 * how accessible they are. People start signed in (seeded) and their items and requests are made
 * through the API; one browser page per test walks through the states that share data. The
 * states that need the seeded heroes and supporters run on the `full` and `sparse` servers
 * (tagged `@full`, `@sparse`).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Item } from '../../src/features/items/items';
import { citySlug } from '../../src/features/places/places';
import {
	acceptConsent,
	expect,
	islandReady,
	newAccount,
	signedIn,
	signedInNewcomer,
	siteOrigin,
	submitSignUp,
	test as base,
} from './support/accounts';
import { animationsDone, expectAccessible, expectAccessibleAt, settled } from './support/axe';
import { signedInClient } from './support/clients';
import { requireSeededServer } from './support/heroes';
import { type Locale, localePath, locales } from './support/i18n';
import { listItem } from './support/items';
import { translate } from './support/locale-files';
import { placeCourierOrder } from './support/orders';
import { seededReservations } from './support/seed';

base.use({ viewport: { width: 1280, height: 900 } });
// A test walks through up to ten states, each a page load and a scan: slow on a busy machine.
base.describe.configure({ timeout: 120_000 });

/** A PNG of one colour, as `setInputFiles` takes it. */
async function png(name: string, shade: number) {
	const buffer = await sharp({
		create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 110, b: 90 } },
	})
		.png()
		.toBuffer();
	return { name, mimeType: 'image/png', buffer };
}

/** The headers of a write the site accepts: a browser's, which says where it comes from. */
const origin = () => ({ Origin: siteOrigin() });

/** Shows a toast of `kind` the way a previous page leaves one, held open under the pointer. */
async function showToast(page: Page, locale: Locale, kind: string, message: string) {
	await page.evaluate(([value]) => sessionStorage.setItem('hibahin.flashToast', value), [
		JSON.stringify({ kind, message }),
	] as const);
	await page.reload();
	const toast = page
		.getByRole('region', { name: new RegExp(`^${translate(locale, 'common.toastRegion')}`) })
		.getByRole('listitem')
		.filter({ hasText: message });
	await expect(toast).toHaveAttribute('data-mounted', 'true');
	await toast.hover();
	await animationsDone(toast);
}

/**
 * Declares each test for one language, in turn: axe reads the same markup in both (every text is
 * in both locale files and none is empty, as a unit test checks, and `page-languages.spec.ts`
 * reads every page in both), so a second language would only scan it again. Every language
 * declares the same tests in the same order, so each test runs in exactly one of them.
 */
function takingTurns(locale: Locale) {
	let turn = 0;
	return (title: string, body: Parameters<typeof base>[2]) => {
		if (locales[turn++ % locales.length] === locale) base(title, body);
	};
}

for (const locale of locales) {
	const test = takingTurns(locale);
	const at = (path: string) => localePath(path, locale);
	const t = (key: string, values?: Record<string, string | number>) =>
		translate(locale, key, values);

	base.describe(`on the main server (${locale})`, () => {
		test('the pages anyone can open, and the drawer on a phone', async ({ page }) => {
			for (const path of [
				'/heroes/rankings',
				'/support-us',
				'/privacy-policy',
				'/terms',
				'/a-missing-page',
				'/register?reason=loginRequired',
				'/auth/reset-password?token=tidak-berlaku',
				'/confirm/1.tidak-berlaku',
				'/auth/error?reason=expired',
				'/',
			]) {
				await expectAccessibleAt(page, at(path));
			}

			// The home page, already open, narrowed to a phone's width: the header shows the menu.
			await page.setViewportSize({ width: 375, height: 800 });
			await page.getByRole('button', { name: t('nav.openMenu') }).click();
			const drawer = page.getByRole('dialog', { name: t('nav.menuTitle') });
			await expect(drawer).toBeVisible();
			await animationsDone(drawer);
			await expectAccessible(page, 'the open drawer');
		});

		test('the item list with its pager, an empty search, a city, an item and its donor', async ({
			page,
			playwright,
		}) => {
			const donor = await signedInClient(playwright, 'complete');
			const tag = randomBytes(3).toString('hex');
			const items: Item[] = [];
			// One more than a page holds, so the list has a pager.
			for (let n = 1; n <= 13; n++) items.push(await listItem(donor.request, `Kursi ${tag} ${n}`));
			await donor.request.dispose();

			await expectAccessibleAt(page, `${at('/items')}?search=${tag}`);
			await expect(
				page.getByRole('navigation', { name: t('items.pagination.label') }),
			).toBeVisible();
			const nothing = `${tag}-tidak-ada`;
			await expectAccessibleAt(page, `${at('/items')}?search=${nothing}&category=books`);
			await expect(page.getByText(t('items.emptySearch', { search: nothing }))).toBeVisible();
			const item = items[0]!;
			await expectAccessibleAt(page, at(`/items/in/${citySlug(item.pickup!.regencyName)}`));
			await expectAccessibleAt(page, at(`/items/${item.id}`));
			await expectAccessibleAt(page, at(`/profile/${item.donorId}`));
		});

		test('a newcomer completing a profile, and the empty bell on a phone', async ({ page }) => {
			await signedInNewcomer(page, locale);
			await expectAccessibleAt(page, at('/complete-profile'));
			// Sent to completion from a page that needs a complete profile: the page says why.
			await page.goto(at('/profile'));
			await expect(
				page.getByRole('main').getByText(t('profile.completeProfileFirst'), { exact: true }),
			).toBeVisible();
			await settled(page);
			await expectAccessible(page, 'completing a profile, sent from another page');

			await page.setViewportSize({ width: 390, height: 800 });
			await page.goto(at('/'));
			await page
				.getByRole('banner')
				.getByRole('button', { name: t('notifications.bell.label'), exact: true })
				.click();
			await expect(page.locator('#notification-panel')).toContainText(
				t('notifications.bell.empty'),
			);
			await expectAccessible(page, 'the empty bell panel');
		});

		test("a member's own pages, toasts, and the donate form with every error", async ({ page }) => {
			await signedIn(page, { locale });
			const saved = await page.request.post('/api/saved-searches', {
				headers: origin(),
				data: { search: 'lemari', category: 'furniture', province: '31', regency: '3174' },
			});
			expect(saved.status(), await saved.text()).toBe(201);
			for (const path of [
				'/edit-profile',
				'/saved-searches',
				'/settings/notifications',
				'/my-requests',
				'/my-items',
				'/my-data',
			]) {
				await expectAccessibleAt(page, at(path));
			}

			await expectAccessibleAt(page, at('/profile'));
			for (const [kind, message] of [
				['info', t('profile.completeProfileFirst')],
				['success', t('profile.edit.success')],
				['error', t('profile.edit.error')],
			] as const) {
				await showToast(page, locale, kind, message);
				await expectAccessible(page, `a ${kind} toast`);
			}

			await expectAccessibleAt(page, at('/donate-item'));
			await page.getByRole('button', { name: t('itemForm.add.submit') }).click();
			await expect(page.getByText(t('form.errors.itemNameRequired'))).toBeVisible();
			const photos = page.locator('input[type="file"]');
			await photos.setInputFiles([
				{ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('bukan foto') },
			]);
			await expect(page.getByText(t('form.errors.imageType'))).toBeVisible();
			await photos.setInputFiles(
				await Promise.all([0, 1, 2, 3, 4, 5].map((n) => png(`foto-${n}.png`, 40 * n))),
			);
			await expect(page.getByText(t('form.errors.imagesMax'))).toBeVisible();
			await expectAccessible(page, 'the donate form with its errors');
		});

		test('a donor answering requests, deleting and editing an item', async ({
			page,
			playwright,
		}) => {
			await signedIn(page, { locale });
			const item = await listItem(page, `Kursi lipat ${randomBytes(3).toString('hex')}`, 2, 3);
			const receivers = [
				await signedInClient(playwright, 'complete'),
				await signedInClient(playwright, 'complete'),
			];
			for (const [index, receiver] of receivers.entries()) {
				const asked = await receiver.request.post(`/api/items/${item.id}/requests`, {
					headers: origin(),
					data: { quantity: 2 - index },
				});
				expect(asked.status(), await asked.text()).toBe(201);
				await receiver.request.dispose();
			}
			const [first, second] = receivers.map(({ person }) => person.profile!.name);

			await expectAccessibleAt(page, at('/my-items'));
			const card = page.getByRole('article').filter({ hasText: item.name });
			await islandReady(card.getByRole('button', { name: t('items.my.delete'), exact: true }));
			await card.getByRole('button', { name: t('items.my.delete'), exact: true }).click();
			const deleting = page.getByRole('dialog', { name: t('items.delete.title') });
			await expect(deleting.getByRole('button', { name: t('items.delete.cancel') })).toBeFocused();
			// Axe reads the colours as drawn: mid-fade, the dialog's text has too little contrast.
			await animationsDone(deleting);
			await expectAccessible(page, 'the delete dialog');

			await expectAccessibleAt(page, at(`/my-items/${item.id}/requests`));
			const request = (name: string) => page.getByRole('article', { name: new RegExp(`^${name}`) });
			await request(first!)
				.getByRole('button', { name: t('itemRequests.actions.reserve'), exact: true })
				.click();
			await expect(request(first!)).toBeFocused();
			await request(second!)
				.getByRole('button', { name: t('itemRequests.actions.decline') })
				.click();
			const declining = page.getByRole('dialog', {
				name: t('itemRequests.declineDialog.title', { name: second! }),
			});
			await declining.getByRole('radio', { name: t('itemRequests.declineReasons.noShow') }).check();
			await animationsDone(declining);
			await expectAccessible(page, 'the decline dialog');

			await expectAccessibleAt(page, at(`/items/${item.id}`));
			await expect(page.getByText(t('itemDetail.ownItem'))).toBeVisible();

			await expectAccessibleAt(page, at(`/my-items/${item.id}/edit`));
			await page.getByRole('button', { name: t('itemForm.photos.remove', { index: 1 }) }).click();
			await expect(page.getByText(t('itemForm.photos.markedForDeletion'))).toBeVisible();
			await page.locator('input[type="file"]').setInputFiles([await png('baru.png', 20)]);
			// Within the photos: the condition "New" is a choice of the same form.
			await expect(
				page
					.getByRole('list', { name: t('itemForm.photos.label') })
					.getByText(t('itemForm.photos.new'), { exact: true }),
			).toBeVisible();
			await expectAccessible(page, 'the edit form, a photo marked and a new one added');
		});

		test('a receiver asking, withdrawing, confirming, and ordering a courier on a phone', async ({
			page,
			playwright,
		}) => {
			const receiver = await signedIn(page, { locale });
			const donor = await signedInClient(playwright, 'complete');
			const tag = randomBytes(3).toString('hex');
			const [asked, given, sent] = [
				await listItem(donor.request, `Rak buku ${tag}`, 2, 3),
				await listItem(donor.request, `Meja belajar ${tag}`),
				await listItem(donor.request, `Lemari kecil ${tag}`, 1, 2),
			];

			const itemPath = at(`/items/${asked.id}`);
			await expectAccessibleAt(page, itemPath);
			const gallery = page.getByRole('region', { name: t('itemDetail.gallery.label') });
			await gallery.getByRole('button', { name: t('itemDetail.gallery.next') }).click();
			await expect(
				gallery.getByText(t('itemDetail.gallery.position', { index: 2, count: 2 })),
			).toBeVisible();
			await animationsDone(gallery);
			await page.getByRole('button', { name: t('itemDetail.quantity.increase') }).click();
			await expectAccessible(page, 'an item page, a photo and a quantity chosen');

			const ask = await page.request.post(`/api/items/${asked.id}/requests`, {
				headers: origin(),
				data: { quantity: 2 },
			});
			expect(ask.status(), await ask.text()).toBe(201);
			await expectAccessibleAt(page, itemPath);
			await expect(page.getByText(t('myRequests.status.open_other', { count: 2 }))).toBeVisible();
			await page.getByRole('button', { name: t('myRequests.actions.withdraw') }).click();
			const withdrawDialog = page.getByRole('dialog', {
				name: t('myRequests.dialogs.withdraw.title'),
			});
			await expect(withdrawDialog).toBeVisible();
			await animationsDone(withdrawDialog);
			await expectAccessible(page, 'the withdraw dialog');

			// The donor reserves the other item for the receiver and hands it over.
			const request = await page.request.post(`/api/items/${given.id}/requests`, {
				headers: origin(),
				data: { quantity: 1 },
			});
			const { id: requestId } = ((await request.json()) as { data: { id: number } }).data;
			for (const action of ['reserve', 'handOver']) {
				const moved = await donor.request.patch(`/api/requests/${requestId}`, {
					headers: origin(),
					data: { action },
				});
				expect(moved.status(), await moved.text()).toBe(200);
			}
			await expectAccessibleAt(page, at('/my-requests'));
			await expect(
				page.getByRole('region', { name: new RegExp(t('myRequests.groups.toConfirm')) }),
			).toBeVisible();

			// Courier delivery on a phone: the form filled in, a courier with insurance, the cost.
			await page.setViewportSize({ width: 390, height: 844 });
			await expectAccessibleAt(page, at(`/items/${sent.id}`));
			const courier = page.getByRole('radio', { name: t('itemDetail.pickup.shippingTitle') });
			await islandReady(courier);
			await courier.check();
			const form = page.getByRole('form', { name: t('shipping.title') });
			const field = (key: string) => form.getByLabel(t(key), { exact: true });
			await expect(field('shipping.fields.recipientName')).toHaveValue(receiver.profile.name);
			await field('shipping.fields.recipientPhone').fill('81234567890');
			await field('shipping.fields.village').fill('Gandaria Utara');
			await field('shipping.fields.postalCode').fill('12140');
			await field('shipping.fields.address').fill('Jl. Kenanga No. 7, RT 03/RW 05');
			await form.getByRole('checkbox', { name: t('shipping.rates.insurance') }).check();
			await form.getByRole('radio').first().check();
			await expect(form.getByRole('region', { name: t('shipping.summary.heading') })).toBeVisible();
			await expectAccessible(page, 'the courier form with a rate chosen');

			const order = await placeCourierOrder(page.request, sent.id);
			await expectAccessibleAt(page, at(`/pay/${order.id}`));
			await donor.request.dispose();
		});

		test('the moderation desk with an item that asks for money', async ({ page, playwright }) => {
			const donor = await signedInClient(playwright, 'complete');
			const item = await listItem(
				donor.request,
				`Lemari dijual Rp 50.000 ${randomBytes(3).toString('hex')}`,
			);
			await donor.request.dispose();
			await signedIn(page, { locale, kind: 'moderator' });
			await expectAccessibleAt(page, at('/moderation'));
			await expect(page.locator(`[data-target="item:${item.id}"]`)).toBeVisible();
		});

		test('signing up, and choosing a new password from the development mailbox', async ({
			browser,
		}) => {
			// On the server's own machine, where the development mailbox opens (decision 015).
			const device = await browser.newContext({ extraHTTPHeaders: {} });
			const page = await device.newPage();
			await page.goto(at('/register'));
			await page.waitForURL(/\/auth\/interaction\//);
			await settled(page);
			await expectAccessible(page, 'the sign-up form');
			const account = newAccount(locale);
			await submitSignUp(page, account, { consent: false });
			await settled(page);
			await expectAccessible(page, 'accepting the terms and the privacy policy');
			await acceptConsent(page, locale);
			await device.clearCookies();

			await page.goto(at('/auth/forgot-password'));
			await page
				.getByRole('button', { name: t('passwordReset.request.submit'), exact: true })
				.click();
			await expect(
				page.getByText(t('auth.form.errors.emailInvalid'), { exact: true }),
			).toBeVisible();
			await expectAccessible(page, 'the forgotten-password form with its error');
			await page.getByLabel(t('auth.form.email'), { exact: true }).fill(account.email);
			await page
				.getByRole('button', { name: t('passwordReset.request.submit'), exact: true })
				.click();
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(
				t('passwordReset.sent.heading'),
			);
			await expectAccessible(page, 'the link sent');

			await page
				.getByRole('link', { name: t('passwordReset.sent.openDevMailbox'), exact: true })
				.click();
			await expect(page.getByTestId('held-mail').first()).toBeVisible();
			await expectAccessible(page, 'the development mailbox');
			await page
				.getByTestId('held-mail')
				.filter({ has: page.getByTestId('held-mail-to').getByText(account.email, { exact: true }) })
				.first()
				.getByRole('link')
				.click();

			const password = page.getByLabel(t('passwordReset.reset.password'), { exact: true });
			const again = page.getByLabel(t('passwordReset.reset.passwordConfirm'), { exact: true });
			const save = page.getByRole('button', { name: t('passwordReset.reset.submit'), exact: true });
			await password.fill('pendek');
			await again.fill('pendek');
			await save.click();
			await expect(
				page.getByText(t('auth.form.errors.passwordTooShort'), { exact: true }),
			).toBeVisible();
			await expectAccessible(page, 'the new-password form with its error');
			await password.fill(`Baru-${randomBytes(4).toString('hex')}`);
			await again.fill(await password.inputValue());
			await save.click();
			await page.waitForURL(/\/auth\/interaction\//);
			await expect(page.getByRole('status')).toHaveText(t('passwordReset.changed'));
			await expectAccessible(page, 'the sign-in form after a new password');
			await device.close();
		});
	});

	base.describe(`with the seeded heroes and supporters (${locale})`, { tag: '@full' }, () => {
		requireSeededServer();

		test('the home page, the rankings on phones, a hero and the supporters', async ({ page }) => {
			await expectAccessibleAt(page, at('/'));
			await expect(page.locator('[data-top-donors] [data-part="card"]')).toHaveCount(5);
			await expectAccessibleAt(page, at('/profile/e2e-hero-01'));
			await expect(page.getByTestId('badges')).toBeVisible();
			await expectAccessibleAt(page, at('/support-us'));
			await expect(page.locator('[data-supporter="more"]')).toHaveCount(5);
			// The rankings load once, scanned at a laptop's width, then narrowed to two phones' widths.
			await expectAccessibleAt(page, `${at('/heroes/rankings')}?sort=recent`);
			await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(10);
			for (const width of [390, 320]) {
				await page.setViewportSize({ width, height: 800 });
				await expectAccessible(page, `the rankings at ${width} px`);
			}
		});
	});

	base.describe(
		`with few donors, no supporters, reservations run out (${locale})`,
		{ tag: '@sparse' },
		() => {
			requireSeededServer();

			test('an empty month, no supporters, and a receiver told of the reservations', async ({
				page,
				baseURL,
			}) => {
				await expectAccessibleAt(page, `${at('/heroes/rankings')}?range=month`);
				await expect(page.getByText(t('impact.empty'))).toBeVisible();
				await page.getByLabel(t('impact.range.label')).selectOption('all');
				await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);
				await settled(page);
				await expectAccessible(page, 'the rankings of all time, one page');
				await expectAccessibleAt(page, at('/support-us'));
				await expect(page.getByText(t('support.topSupporters.empty'))).toBeVisible();

				await page.context().addCookies([
					{
						name: 'hibahin_session',
						value: seededReservations.receiver.session,
						url: baseURL!,
						httpOnly: true,
					},
					{ name: 'hibahin_signed_in', value: '1', url: baseURL! },
				]);
				await expectAccessibleAt(page, at('/my-requests'));
				await page.getByRole('banner').locator('[aria-controls="notification-panel"]').click();
				await expect(page.locator('#notification-panel')).toContainText(
					t('notifications.kinds.reservationExpired.receiver', {
						item: seededReservations.expired.name,
					}),
				);
				await expectAccessible(page, 'my requests with the bell open');
			});
		},
	);
}
