/**
 * A need on a phone, in Indonesian: a person posts a need in the browser, a donor opens it and
 * offers one of their items (listed through the API), the person accepts the offer on the need's
 * page, the hand-over and its confirmation go through the API, and the need's page says it was
 * answered. Then, in English, a donor who offered blocks the person in need from the need's page.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import enBlocks from '../../locales/en/blocks.json' with { type: 'json' };
import enNeeds from '../../locales/en/needs.json' with { type: 'json' };
import idNeeds from '../../locales/id/needs.json' with { type: 'json' };
import { expect, islandReady, signedIn, test } from './support/accounts';
import { fill, localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

test.use({ viewport: { width: 390, height: 800 } });
test.describe.configure({ timeout: 90_000 });

/** One step of a request through the API, as `who`. */
async function step(who: APIRequestContext, origin: string, id: number, action: string) {
	const response = await who.patch(`/api/requests/${id}`, {
		headers: { Origin: origin },
		data: { action },
	});
	expect(response.status(), await response.text()).toBe(200);
}

test('a person posts a need, a donor offers an item, and the accepted offer is handed over', async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL!;
	await signedIn(page, { locale: 'id' });
	const title = `Seragam SD ukuran 8 ${randomInt(1e6)}`;
	await page.goto(localePath('/needs/new', 'id'));
	const titleField = page.getByLabel(idNeeds.fields.title, { exact: true });
	await islandReady(titleField);
	await titleField.fill(title);
	await page
		.getByLabel(idNeeds.fields.description, { exact: true })
		.fill('Untuk anak saya yang baru masuk kelas satu bulan depan.');
	await page.getByLabel(idNeeds.fields.quantity, { exact: true }).fill('2');
	await page.getByLabel(idNeeds.fields.urgencyUrgent).check();
	await page.getByRole('button', { name: idNeeds.submit }).click();
	await page.waitForURL(/\/needs\/\d+$/);
	const needId = Number(new URL(page.url()).pathname.split('/').pop());
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
	await expect(page.getByTestId('need-urgent')).toHaveText(idNeeds.urgency.urgent);

	const donor = await otherVisitor(browser, origin);
	await donor.setViewportSize({ width: 390, height: 800 });
	await signedIn(donor, { locale: 'id' });
	const itemName = `Seragam putih merah ${randomInt(1e6)}`;
	const item = await listItem(donor, itemName, 1, 2);
	await donor.goto(localePath(`/needs/${needId}`, 'id'));
	const offerButton = donor.getByRole('button', { name: idNeeds.offer.button });
	await islandReady(offerButton);
	await offerButton.click();
	await donor.getByRole('combobox', { name: idNeeds.offer.item }).selectOption(String(item.id));
	await donor.getByLabel(idNeeds.offer.quantity).fill('2');
	await donor.getByLabel(idNeeds.offer.message).fill('Masih bagus, baru dipakai setahun.');
	await donor.getByRole('button', { name: idNeeds.offer.send }).click();
	await expect(donor.getByTestId('my-offer')).toContainText(itemName);

	await page.reload();
	const offer = page.getByTestId('need-offer').filter({ hasText: itemName });
	const accept = offer.getByRole('button', { name: idNeeds.offers.accept });
	await islandReady(accept);
	await accept.click();
	await expect(page.getByTestId('need-offer').filter({ hasText: itemName })).toContainText(
		idNeeds.offers.state.accepted,
	);

	const offers = await page.request.get(`/api/needs/${needId}/offers`);
	const [accepted] = ((await offers.json()) as { data: { requestId: number }[] }).data;
	await step(donor.request, origin, accepted!.requestId, 'handOver');
	await step(page.request, origin, accepted!.requestId, 'confirm');
	await page.reload();
	await expect(page.getByTestId('need-answered')).toHaveText(
		idNeeds.answered_other.replace('{{count}}', '1'),
	);
});

test('a donor who offered blocks the person in need from the need’s page, which withdraws the offer', async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL!;
	const owner = await signedIn(page, { locale: 'en' });
	const posted = await page.request.post('/api/needs', {
		headers: { Origin: origin },
		data: {
			title: `Buku tulis ${randomInt(1e6)}`,
			description: 'Untuk anak-anak di sekitar rumah yang baru mulai sekolah.',
			category: 'clothing',
			quantity: 2,
			reach: 'pickup',
			urgency: 'normal',
		},
	});
	expect(posted.status(), await posted.text()).toBe(201);
	const { id: needId } = ((await posted.json()) as { data: { id: number } }).data;

	const donor = await otherVisitor(browser, origin);
	await donor.setViewportSize({ width: 390, height: 800 });
	await signedIn(donor, { locale: 'en' });
	const item = await listItem(donor, `Buku tulis bergaris ${randomInt(1e6)}`);
	const offered = await donor.request.post(`/api/needs/${needId}/offers`, {
		headers: { Origin: origin },
		data: { itemId: item.id, quantity: 1 },
	});
	expect(offered.status(), await offered.text()).toBe(201);

	await donor.goto(localePath(`/needs/${needId}`, 'en'));
	await expect(donor.getByTestId('my-offer')).toContainText(enNeeds.offers.state.open);
	const name = owner.profile.name;
	const block = donor.getByRole('button', { name: enBlocks.block, exact: true });
	await islandReady(block);
	await block.click();
	await expect(donor.getByText(fill(enBlocks.blockConfirm, { name }))).toBeVisible();
	await donor.getByRole('button', { name: enBlocks.block, exact: true }).click();
	await expect(donor.getByText(fill(enBlocks.blocked, { name }), { exact: true })).toBeVisible();
	await expect(donor.getByTestId('my-offer')).toContainText(enNeeds.offers.state.withdrawn);
	await expect(donor.getByRole('button', { name: enBlocks.unblock })).toBeVisible();
});
