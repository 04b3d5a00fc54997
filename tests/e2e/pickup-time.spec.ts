/**
 * A pickup time: on a phone, the donor agrees it while reserving, and the receiver sees it on My
 * Requests with its calendar file. Listing and asking go through the API.
 */
import { randomInt } from 'node:crypto';
import idItemRequests from '../../locales/id/itemRequests.json' with { type: 'json' };
import idPickup from '../../locales/id/pickup.json' with { type: 'json' };
import { expect, signedIn, test } from './support/accounts';
import { localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

test.use({ viewport: { width: 390, height: 800 } });
test.describe.configure({ timeout: 90_000 });

/** Tomorrow at `hour`.00 in Jakarta, as a `datetime-local` field takes it. */
function tomorrowAt(hour: number): string {
	const jakarta = new Date(Date.now() + 7 * 60 * 60_000 + 24 * 60 * 60_000);
	return `${jakarta.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

test('a donor agrees a pickup time while reserving, and the receiver sees it with a calendar file', async ({
	page,
	browser,
	baseURL,
}) => {
	await signedIn(page, { locale: 'id' });
	const listed = await listItem(page, `Rak buku ${randomInt(1e6)}`);
	const receiver = await otherVisitor(browser, baseURL!);
	await receiver.setViewportSize({ width: 390, height: 800 });
	await signedIn(receiver, { locale: 'id' });
	const asked = await receiver.request.post(`/api/items/${listed.id}/requests`, {
		headers: { Origin: baseURL! },
		data: { quantity: 1 },
	});
	expect(asked.status(), await asked.text()).toBe(201);
	const { id } = ((await asked.json()) as { data: { id: number } }).data;

	await page.goto(localePath(`/my-items/${listed.id}/requests`, 'id'));
	await page.getByText(idPickup.optional).click();
	await page.getByLabel(idPickup.from).fill(tomorrowAt(16));
	await page.getByLabel(idPickup.until).fill(tomorrowAt(18));
	await page.getByLabel(idPickup.placeLabel).fill('Depan masjid');
	await page.getByRole('button', { name: idItemRequests.actions.reserve, exact: true }).click();
	await expect(page.getByText('Tempat: Depan masjid')).toBeVisible();

	await receiver.goto(localePath('/my-requests', 'id'));
	await expect(receiver.getByText(/16\.00–18\.00 WIB/)).toBeVisible();
	await expect(receiver.getByText('Tempat: Depan masjid')).toBeVisible();
	const file = await receiver.request.get(`/api/requests/${id}/pickup.ics`);
	expect(file.status()).toBe(200);
	expect(await file.text()).toContain('LOCATION:Depan masjid');
	await receiver.context().close();
});
