/**
 * A donor's no-show: on a phone, the receiver of a reservation says the donor did not answer,
 * and the donor's public profile counts it. Asking and reserving go through the API.
 */
import { randomInt } from 'node:crypto';
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idProfile from '../../locales/id/profile.json' with { type: 'json' };
import { expect, signedIn, test } from './support/accounts';
import { localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

test.use({ viewport: { width: 390, height: 800 } });
test.describe.configure({ timeout: 90_000 });

test('a receiver reports that the donor did not come, and the donor’s profile shows it', async ({
	page,
	browser,
	baseURL,
}) => {
	const donor = await signedIn(page, { locale: 'id' });
	const listed = await listItem(page, `Lemari kecil ${randomInt(1e6)}`);
	const receiver = await otherVisitor(browser, baseURL!);
	await receiver.setViewportSize({ width: 390, height: 800 });
	await signedIn(receiver, { locale: 'id' });
	const asked = await receiver.request.post(`/api/items/${listed.id}/requests`, {
		headers: { Origin: baseURL! },
		data: { quantity: 1 },
	});
	expect(asked.status(), await asked.text()).toBe(201);
	const { id } = ((await asked.json()) as { data: { id: number } }).data;
	const reserved = await page.request.patch(`/api/requests/${id}`, {
		headers: { Origin: baseURL! },
		data: { action: 'reserve' },
	});
	expect(reserved.status(), await reserved.text()).toBe(200);

	await receiver.goto(localePath('/my-requests', 'id'));
	await receiver.getByRole('button', { name: idMyRequests.actions.reportNoShow }).click();
	const dialog = receiver.getByRole('dialog', { name: idMyRequests.dialogs.reportNoShow.title });
	await dialog.getByRole('button', { name: idMyRequests.dialogs.reportNoShow.confirm }).click();
	await expect(receiver.getByText(idMyRequests.toasts.reportedNoShow)).toBeVisible();
	await expect(receiver.getByText(idMyRequests.status.donorNoShow)).toBeVisible();

	await receiver.goto(localePath(`/profile/${donor.id}`, 'id'));
	await expect(receiver.getByTestId('givings-donor-record')).toHaveText(
		`${idProfile.givings.noHandOversYet} · ${idProfile.givings.noShows_one.replace('{{count}}', '1')}`,
	);
	await receiver.context().close();
});
