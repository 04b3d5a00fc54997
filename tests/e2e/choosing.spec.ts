/**
 * Choosing fairly, on a phone: the sparse seed writes a donor who lets requests gather for 6
 * hours, with one item whose wait is under way and one whose wait ended an hour ago (the clock
 * has passed it), each asked for by the same two receivers. The donor is signed in by the
 * session cookie the seed wrote.
 */
import { expect, test } from '@playwright/test';
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idItemRequests from '../../locales/id/itemRequests.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import { requireSeededServer } from './support/heroes';
import { fill, localePath } from './support/i18n';
import { seededChoosing } from './support/seed';

requireSeededServer();

test.use({ viewport: { width: 390, height: 844 } });

const { donor, receivers, waiting, ended } = seededChoosing;
const [ani, joko] = receivers;

test.describe('a donor who lets requests gather', { tag: '@sparse' }, () => {
	test('the page says when the donor will choose, and once the wait is over the donor chooses seeing each record (id)', async ({
		page,
		baseURL,
	}) => {
		await page.context().addCookies([
			{ name: 'hibahin_session', value: donor.session, url: baseURL!, httpOnly: true },
			{ name: 'hibahin_signed_in', value: '1', url: baseURL! },
		]);
		const mine = await page.request.get('/api/items/my-items');
		const items = ((await mine.json()) as { data: Item[] }).data;
		const idOf = (name: string) => items.find((item) => item.name === name)!.id;

		// During the wait: its page, rendered on the server, says when the donor will choose.
		await page.goto(localePath(`/items/${idOf(waiting.name)}`, 'id'));
		const [willChoose] = idItemDetail.choosing.willChoose.split(' {{date}}');
		await expect(page.getByTestId('choosing-note')).toContainText(willChoose!);

		// The clock has passed the other item's wait: the donor chooses among the requesters.
		await page.goto(localePath(`/my-items/${idOf(ended.name)}/requests`, 'id'));
		const card = (name: string) => page.getByRole('article').filter({ hasText: name });
		const record = idItemRequests.reliability;
		await expect(card(ani.name).getByTestId('record')).toHaveText(
			`${record.label}: ${fill(record.pickups_one, { count: 1 })} · ${fill(record.noShows_other, { count: 0 })}`,
		);
		await expect(card(ani.name).getByTestId('recently-received')).toHaveText(
			fill(record.recentlyReceived_one, { count: 1 }),
		);
		await expect(card(joko.name).getByTestId('record')).toHaveText(
			`${record.label}: ${record.firstTime} · ${fill(record.noShows_one, { count: 1 })}`,
		);
		await card(ani.name).getByRole('button', { name: idItemRequests.actions.reserve }).click();
		await expect(
			page.getByText(fill(idItemRequests.done.reserve, { name: ani.name })),
		).toBeVisible();
		await expect(card(ani.name)).toContainText(idItemRequests.states.reserved);
	});
});
