/**
 * Organisations on a phone, in English: a person registers the organisation they represent with a
 * photo of its supporting document, a moderator sees it on the desk with the document and verifies
 * it, and the owner's profile then shows it with the verified badge. The verified organisation then
 * opens a drive (through the API: its form has a journey of its own), a donor gives to it from the
 * drive's page, and once the gift is handed over and confirmed the drive counts it.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import enDrives from '../../locales/en/drives.json' with { type: 'json' };
import enNeeds from '../../locales/en/needs.json' with { type: 'json' };
import enOrganisations from '../../locales/en/organisations.json' with { type: 'json' };
import { expect, islandReady, signedIn, test } from './support/accounts';
import { localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

test.use({ viewport: { width: 390, height: 800 } });
test.describe.configure({ timeout: 90_000 });

/** One call to the API as `who`, expected to answer `status`; its `data`. */
async function call<T>(
	who: APIRequestContext,
	origin: string,
	method: 'post' | 'patch',
	path: string,
	data: object,
	status = 200,
): Promise<T> {
	const response = await who.fetch(path, { method, headers: { Origin: origin }, data });
	expect(response.status(), await response.text()).toBe(status);
	return ((await response.json()) as { data: T }).data;
}

/** The day a week from today in Jakarta, as a drive's end day. */
function aWeekFromNow(): string {
	return new Date(Date.now() + (7 + 7 * 24) * 60 * 60_000).toISOString().slice(0, 10);
}

/** A photo of a document, as `setInputFiles` takes it. */
async function documentPhoto() {
	const buffer = await sharp({
		create: { width: 800, height: 1100, channels: 3, background: { r: 240, g: 236, b: 220 } },
	})
		.jpeg()
		.toBuffer();
	return { name: 'akta.jpg', mimeType: 'image/jpeg', buffer };
}

test('a person registers their organisation, a moderator verifies it, and a donor gives to its drive', async ({
	page,
	browser,
	baseURL,
}) => {
	const { fields, desk } = enOrganisations;
	const owner = await signedIn(page, { locale: 'en' });
	const name = `Kasih Bunda Orphanage ${randomInt(1e6)}`;

	await page.goto(localePath('/organisation', 'en'));
	await expect(page.getByRole('heading', { name: enOrganisations.register })).toBeVisible();
	const submit = page.getByRole('button', { name: enOrganisations.submit });
	await islandReady(submit);
	// Enabled once React has taken over the form: what is typed before would be lost.
	await expect(submit).toBeEnabled();
	await page.getByLabel(fields.name).fill(name);
	await page.getByLabel(fields.kind).selectOption('orphanage');
	await page.getByLabel(fields.address).fill('Jl. Melati No. 7, RT 03/RW 05, near the mosque');
	const district = page.getByRole('combobox', { name: fields.district });
	await district.fill('cibeunying kidul');
	await page
		.getByRole('listbox', { name: fields.district })
		.getByRole('option', { name: /^Cibeunying Kidul, Kota Bandung/ })
		.click();
	await page.getByLabel(fields.contactName).fill('Sri Rahayu');
	await page.getByLabel(fields.document).setInputFiles(await documentPhoto());
	await submit.click();

	const state = page.getByTestId('organisation-state');
	await expect(state).toHaveAttribute('data-state', 'pending');
	await expect(state).toContainText(enOrganisations.states.pending);
	await expect(state).toContainText(enOrganisations.stateHints.pending);

	const moderator = await otherVisitor(browser, baseURL!);
	await moderator.setViewportSize({ width: 390, height: 800 });
	await signedIn(moderator, { locale: 'en', kind: 'moderator' });
	await moderator.goto(localePath('/moderation', 'en'));
	await expect(moderator.getByRole('heading', { name: desk.title })).toBeVisible();
	const entry = moderator
		.getByTestId('organisations-to-verify')
		.locator('li')
		.filter({ hasText: name });
	await expect(entry).toContainText('Cibeunying Kidul, Kota Bandung');
	await expect(entry).toContainText(desk.contact.replace('{{name}}', 'Sri Rahayu'));
	const document = entry.getByRole('img', {
		name: desk.documentAlt.replace('{{name}}', name),
	});
	// The desk loads its photos lazily: bring the document into view, as a moderator scrolls to it.
	await document.scrollIntoViewIfNeeded();
	await expect(document).toBeVisible();
	// The photo loaded: its private route answered the moderator.
	await expect
		.poll(() => document.evaluate((image: HTMLImageElement) => image.naturalWidth))
		.toBeGreaterThan(0);
	const verify = entry.getByRole('button', { name: desk.verify });
	await islandReady(verify);
	await verify.click();
	await expect(
		moderator.getByTestId('organisations-to-verify').locator('li').filter({ hasText: name }),
	).toHaveCount(0);
	await moderator.context().close();

	await page.goto(localePath(`/profile/${owner.id}`, 'en'));
	const shown = page.getByTestId('profile-organisation');
	await expect(shown.getByRole('heading', { name })).toBeVisible();
	await expect(shown).toContainText(enOrganisations.kinds.orphanage);
	await expect(shown.getByTestId('verified-badge')).toContainText(enOrganisations.verified);
	await expect(shown).toContainText(enOrganisations.profile.receivedNone);

	// The verified organisation opens a drive; a donor gives to its need from the drive's page.
	const origin = baseURL!;
	const drive = await call<{ id: number }>(
		page.request,
		origin,
		'post',
		'/api/drives',
		{
			title: `School shoes for ${name}`,
			story: 'Twelve children start school next month and walk there in sandals.',
			address: 'Jl. Melati No. 7, RT 03/RW 05, near the mosque',
			district: '32.73.14',
			endDate: aWeekFromNow(),
			needs: [{ title: 'Children’s school shoes', category: 'clothing', quantity: 12 }],
		},
		201,
	);
	const donor = await otherVisitor(browser, origin);
	await donor.setViewportSize({ width: 390, height: 800 });
	await signedIn(donor, { locale: 'en' });
	const itemName = `Black school shoes, size 31 ${randomInt(1e6)}`;
	const item = await listItem(donor, itemName, 1, 2);
	await donor.goto(localePath(`/drives/${drive.id}`, 'en'));
	await donor
		.getByRole('link', { name: enDrives.giveLabel.replace('{{title}}', 'Children’s school shoes') })
		.click();
	await donor.waitForURL(/\/needs\/\d+$/);
	const offerButton = donor.getByRole('button', { name: enNeeds.offer.button });
	await islandReady(offerButton);
	await offerButton.click();
	await donor.getByRole('combobox', { name: enNeeds.offer.item }).selectOption(String(item.id));
	await donor.getByLabel(enNeeds.offer.quantity).fill('2');
	await donor.getByRole('button', { name: enNeeds.offer.send }).click();
	await expect(donor.getByTestId('my-offer')).toContainText(itemName);

	const needId = Number(new URL(donor.url()).pathname.split('/').pop());
	const offers = await page.request.get(`/api/needs/${needId}/offers`);
	const [offer] = ((await offers.json()) as { data: { id: number }[] }).data;
	const accepted = await call<{ requestId: number }>(
		page.request,
		origin,
		'post',
		`/api/needs/offers/${offer!.id}/accept`,
		{},
	);
	await call(donor.request, origin, 'patch', `/api/requests/${accepted.requestId}`, {
		action: 'handOver',
	});
	await call(page.request, origin, 'patch', `/api/requests/${accepted.requestId}`, {
		action: 'confirm',
	});
	await donor.goto(localePath(`/drives/${drive.id}`, 'en'));
	await expect(donor.getByTestId('drive-need')).toContainText(
		enDrives.received.replace('{{received}}', '2').replace('{{quantity}}', '12'),
	);
	await donor.context().close();
});
