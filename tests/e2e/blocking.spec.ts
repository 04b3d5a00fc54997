/**
 * Blocking, on a phone: a donor blocks someone from their item's requests,
 * whose request is closed and who can no longer ask or reach the donor's phone, then unblocks
 * them from the blocked list on their profile.
 */
import type { Page } from '@playwright/test';
import enBlocks from '../../locales/en/blocks.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enItemRequests from '../../locales/en/itemRequests.json' with { type: 'json' };
import enMyRequests from '../../locales/en/myRequests.json' with { type: 'json' };
import enRequests from '../../locales/en/requests.json' with { type: 'json' };
import idBlocks from '../../locales/id/blocks.json' with { type: 'json' };
import idErrors from '../../locales/id/errors.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idItemRequests from '../../locales/id/itemRequests.json' with { type: 'json' };
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idRequests from '../../locales/id/requests.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import { expect, islandReady, signedIn, siteOrigin, test } from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor, recordWindowOpen } from './support/visitors';

const texts = {
	id: {
		blocks: idBlocks,
		errors: idErrors,
		itemDetail: idItemDetail,
		itemRequests: idItemRequests,
		myRequests: idMyRequests,
		requests: idRequests,
	},
	en: {
		blocks: enBlocks,
		errors: enErrors,
		itemDetail: enItemDetail,
		itemRequests: enItemRequests,
		myRequests: enMyRequests,
		requests: enRequests,
	},
} satisfies Record<Locale, unknown>;

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });
// Two people, each on their own screen, both signed in from the start.
test.describe.configure({ timeout: 60_000 });

/** The signed-in visitor of `page` asks for one of the item; the API's status. */
async function askFor(page: Page, item: Item): Promise<number> {
	const response = await page.request.post(`/api/items/${item.id}/requests`, {
		headers: { Origin: siteOrigin() },
		data: { quantity: 1 },
	});
	return response.status();
}

test('a donor blocks a requester, who can no longer ask or see the phone, and unblocks them', async ({
	page: donor,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { blocks, errors, itemDetail, itemRequests, myRequests, requests } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(donor, { locale });
	const item = await listItem(donor, `Meja belajar ${locale} ${Date.now()}`);
	const requester = await otherVisitor(browser, baseURL!);
	await requester.setViewportSize(phone);
	const account = await signedIn(requester, { locale });
	const name = account.profile.name;
	expect(await askFor(requester, item)).toBe(201);

	await donor.goto(at(`/my-items/${item.id}/requests`));
	const card = donor.getByRole('article', { name: new RegExp(`^${name}`) });
	const block = card.getByRole('button', { name: blocks.block, exact: true });
	await islandReady(block);
	await block.click();
	await expect(card.getByText(fill(blocks.blockConfirm, { name }))).toBeVisible();
	await card.getByRole('button', { name: blocks.block, exact: true }).click();
	await expect(donor.getByText(fill(blocks.blocked, { name }), { exact: true })).toBeVisible();
	// The request is closed with the block and moves to the earlier ones, still unblockable.
	const earlier = donor.getByRole('region', { name: new RegExp(`^${itemRequests.earlier}`) });
	await expect(
		earlier.getByRole('article', { name: new RegExp(`^${name}`) }).getByRole('button', {
			name: blocks.unblock,
		}),
	).toBeVisible();

	const closed = fill(myRequests.status.closed, { reason: requests.declineReasons.blocked });
	await requester.goto(at('/my-requests'));
	await expect(requester.getByText(closed)).toBeVisible();
	await expect(requester.locator('a[href*="wa.me"]')).toHaveCount(0);
	// On the item page the phone stays hidden, and asking says why it cannot be done.
	await recordWindowOpen(requester);
	await requester.goto(at(`/items/${item.id}`));
	const contact = requester.getByRole('button', { name: itemDetail.whatsapp.contact });
	await islandReady(contact);
	await contact.click();
	await expect(requester.getByRole('alert').filter({ hasText: errors.BLOCKED })).toBeVisible();
	expect(await requester.evaluate(() => (window as { openedUrls?: string[] }).openedUrls)).toEqual(
		[],
	);
	const seen = await requester.request.get(`/api/items/${item.id}`);
	expect(((await seen.json()) as { data: Item }).data.donor.phone).toBeUndefined();

	await donor.goto(at('/profile'));
	const list = donor.getByTestId('blocked-list');
	const unblock = list.getByRole('listitem').filter({ hasText: name }).getByRole('button');
	await unblock.scrollIntoViewIfNeeded();
	await islandReady(unblock);
	await expect(unblock).toHaveText(blocks.unblock);
	await unblock.click();
	await expect(donor.getByText(blocks.empty)).toBeVisible();
	expect(await askFor(requester, item)).toBe(201);
});
