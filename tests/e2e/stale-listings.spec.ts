/**
 * A listing hidden as stale, renewed with one tap: the sparse seed writes a listing whose donor
 * was asked "still available?" eight days ago and did not answer. The donor is signed in by the
 * session cookie the seed wrote.
 */
import { expect, test } from '@playwright/test';
import idItems from '../../locales/id/items.json' with { type: 'json' };
import { islandReady } from './support/accounts';
import { requireSeededServer } from './support/heroes';
import { localePath } from './support/i18n';
import { seededStaleListing } from './support/seed';

requireSeededServer();

test.use({ viewport: { width: 390, height: 844 } });

const { donor, item } = seededStaleListing;

test.describe('a listing gone stale', { tag: '@sparse' }, () => {
	test('the donor renews it with one tap and it is back in the lists (id)', async ({
		page,
		baseURL,
	}) => {
		await page.context().addCookies([
			{ name: 'hibahin_session', value: donor.session, url: baseURL!, httpOnly: true },
			{ name: 'hibahin_signed_in', value: '1', url: baseURL! },
		]);
		// Visitors do not find it in the list, and its page says why.
		const listed = async () =>
			(
				(await (await page.request.get('/api/items?limit=48')).json()) as {
					data: { items: { name: string }[] };
				}
			).data.items.map((listedItem) => listedItem.name);
		expect(await listed()).not.toContain(item.name);

		await page.goto(localePath('/my-items', 'id'));
		const card = page.getByRole('listitem').filter({ hasText: item.name });
		const notice = card.getByTestId('listing-freshness');
		await expect(notice).toContainText(idItems.freshness.stale);
		const renew = notice.getByRole('button', { name: idItems.freshness.renew });
		await islandReady(renew);
		await renew.click();
		await expect(page.getByText(idItems.freshness.renewed)).toBeVisible();
		await expect(notice).toBeHidden();
		expect(await listed()).toContain(item.name);

		// Its page, cached for visitors, no longer says it is hidden.
		await card.getByRole('link', { name: idItems.my.view, exact: true }).click();
		await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
		await expect(page.getByTestId('item-under-review')).toHaveCount(0);
	});
});
