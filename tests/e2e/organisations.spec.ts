/**
 * Organisations on a phone, in English: a person registers the organisation they represent with a
 * photo of its supporting document, a moderator sees it on the desk with the document and verifies
 * it, and the owner's profile then shows it with the verified badge.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import enOrganisations from '../../locales/en/organisations.json' with { type: 'json' };
import { expect, islandReady, signedIn, test } from './support/accounts';
import { localePath } from './support/i18n';
import { otherVisitor } from './support/visitors';

test.use({ viewport: { width: 390, height: 800 } });
test.describe.configure({ timeout: 60_000 });

/** A photo of a document, as `setInputFiles` takes it. */
async function documentPhoto() {
	const buffer = await sharp({
		create: { width: 800, height: 1100, channels: 3, background: { r: 240, g: 236, b: 220 } },
	})
		.jpeg()
		.toBuffer();
	return { name: 'akta.jpg', mimeType: 'image/jpeg', buffer };
}

test('a person registers their organisation, a moderator verifies it, and the profile shows the badge', async ({
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
});
