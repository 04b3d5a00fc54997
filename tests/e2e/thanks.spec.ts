/**
 * Thank-yous on a phone, in English: the receiver of a confirmed giving thanks the donor from My
 * Requests, the thanks shows on the donor's profile, someone reports it and a moderator hides it
 * from the desk, after which the profile no longer shows it. The giving goes through the API.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import enModeration from '../../locales/en/moderation.json' with { type: 'json' };
import enReports from '../../locales/en/reports.json' with { type: 'json' };
import enThanks from '../../locales/en/thanks.json' with { type: 'json' };
import { expect, islandReady, signedIn, test } from './support/accounts';
import { localePath } from './support/i18n';
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

test('a receiver thanks the donor, and a moderator hides the reported thank-you', async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = baseURL!;
	const donor = await signedIn(page, { locale: 'en' });
	const listed = await listItem(page, `Bookshelf ${randomInt(1e6)}`);
	const receiver = await otherVisitor(browser, origin);
	await receiver.setViewportSize({ width: 390, height: 800 });
	await signedIn(receiver, { locale: 'en' });
	const asked = await receiver.request.post(`/api/items/${listed.id}/requests`, {
		headers: { Origin: origin },
		data: { quantity: 1 },
	});
	expect(asked.status(), await asked.text()).toBe(201);
	const { id } = ((await asked.json()) as { data: { id: number } }).data;
	await step(page.request, origin, id, 'reserve');
	await step(page.request, origin, id, 'handOver');
	await step(receiver.request, origin, id, 'confirm');

	const message = `The shelf holds all our school books now. Thank you! ${randomInt(1e6)}`;
	await receiver.goto(localePath('/my-requests', 'en'));
	const say = receiver.getByRole('button', { name: enThanks.say });
	await islandReady(say);
	await say.click();
	const dialog = receiver.getByRole('dialog');
	await dialog.getByLabel(enThanks.message).fill(message);
	await expect(dialog).toContainText(`${message.length}/280`);
	await dialog.getByRole('button', { name: enThanks.send }).click();
	await expect(receiver.getByTestId('thanks-sent')).toContainText(enThanks.sent);

	const profilePath = localePath(`/profile/${donor.id}`, 'en');
	await receiver.goto(profilePath);
	const thanks = receiver.getByTestId('thanks');
	await expect(thanks.getByRole('heading', { name: enThanks.heading })).toBeVisible();
	await expect(thanks).toContainText(message);
	await expect(thanks.getByRole('link', { name: listed.name })).toBeVisible();
	await receiver.context().close();

	const reporter = await otherVisitor(browser, origin);
	await reporter.setViewportSize({ width: 390, height: 800 });
	await signedIn(reporter, { locale: 'en' });
	await reporter.goto(profilePath);
	const entry = reporter.locator('[data-thanks]').filter({ hasText: message });
	const thanksId = await entry.getAttribute('data-thanks');
	const report = entry.getByRole('button', { name: enReports.buttonThanks });
	await islandReady(report);
	await report.click();
	const reportDialog = reporter.getByRole('dialog');
	await reportDialog.getByRole('radio', { name: enReports.reasons.offensive }).check();
	await reportDialog.getByRole('button', { name: enReports.dialog.submit }).click();
	await expect(reporter.getByText(enReports.thanks)).toBeVisible();

	const desk = await otherVisitor(browser, origin);
	await signedIn(desk, { locale: 'en', kind: 'moderator' });
	await desk.goto(localePath('/moderation', 'en'));
	const queued = desk.locator(`[data-target="thanks:${thanksId}"]`);
	await expect(queued).toContainText(message);
	const hide = queued.getByRole('button', { name: enModeration.actions.hideThanks });
	await islandReady(hide);
	await hide.click();
	await expect(desk.getByTestId('audit-log').locator('li').first()).toContainText(
		`${enModeration.actions.hideThanks} · ${message}`,
	);
	await desk.context().close();

	await reporter.reload();
	// The profile is still there: only its thanks are gone.
	await expect(reporter.getByRole('heading', { level: 1 })).toBeVisible();
	await expect(reporter.getByTestId('thanks')).toHaveCount(0);
	await reporter.context().close();
});
