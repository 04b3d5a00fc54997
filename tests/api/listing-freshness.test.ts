import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { freshnessLimits } from '~/config/limits';
import { freshnessUpkeep } from '~/features/items/listing-freshness.server';
import { listVersion } from '~/features/items/item-search.server';
import type { Item } from '~/features/items/items';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import { items } from '~/server/db/schema';
import { createItemFor, expectError, getItem, myItems, toggleItem } from '../helpers/items';
import { newNotifications, notificationsOf } from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestUser, testOrigin } from '../helpers/test-server';

const minute = 60_000;
const day = 24 * 60 * minute;

describeOnDatabases('Listings that do not go stale', (use) => {
	const sweep = () => freshnessUpkeep(use().server.db, new Date());

	/** Moves the item's dates back, as if it had been listed (and asked) that long ago. */
	async function age(id: number, dates: { fresh?: number; asked?: number; bumped?: number }) {
		const ago = (ms: number) => new Date(Date.now() - ms);
		await use()
			.server.db.update(items)
			.set({
				...(dates.fresh !== undefined
					? { freshSince: ago(dates.fresh), createdAt: ago(dates.fresh) }
					: {}),
				...(dates.asked !== undefined ? { staleAskedAt: ago(dates.asked) } : {}),
				...(dates.bumped !== undefined ? { bumpedAt: ago(dates.bumped) } : {}),
			})
			.where(eq(items.id, id));
	}

	const renew = (id: number, user: TestUser | null) =>
		use().request(`/items/${id}/renew`, { method: 'POST', user });

	async function renewed(id: number, user: TestUser): Promise<Item> {
		const response = await renew(id, user);
		const body = await response.json();
		expect(response.status, JSON.stringify(body)).toBe(200);
		return body.data as Item;
	}

	/** The ids of the newest list, of a search for the item's name, and of the sitemap. */
	async function seen(): Promise<{ list: number[]; search: number[]; sitemap: string }> {
		const ids = async (query: string) => {
			const response = await use().request(`/items${query}`);
			expect(response.status).toBe(200);
			return ((await response.json()) as { data: { items: Item[] } }).data.items.map(
				(item) => item.id,
			);
		};
		return {
			list: await ids('?sort=newest&limit=48'),
			search: await ids('?search=kayu%20jati&limit=48'),
			sitemap: (await sitemapXml(use().server.db, testOrigin, 'items-1')) ?? '',
		};
	}

	it('asks after 30 days, hides after 7 more, and one tap brings it back', async () => {
		const donor = await use().createUser({ complete: true });
		const item = await createItemFor(use(), donor);
		const before = await notificationsOf(use(), donor);

		await age(item.id, { fresh: 29 * day });
		expect(await sweep()).toEqual({ asked: 0, hidden: 0 });
		expect((await getItem(use(), item.id))!.askedStillAvailable).toBe(false);

		await age(item.id, { fresh: freshnessLimits.askAfterMs + minute });
		expect(await sweep()).toEqual({ asked: 1, hidden: 0 });
		// Asked once: a later round does not ask again.
		expect(await sweep()).toEqual({ asked: 0, hidden: 0 });
		const asked = await newNotifications(use(), donor, before);
		expect(asked).toEqual([
			expect.objectContaining({
				kind: 'stillAvailable',
				text: 'Is Kursi kayu jati still available? No one has received it in 30 days. Tap to say it is, or it leaves the lists in 7 days.',
				path: `/items/${item.id}`,
			}),
		]);
		const indonesian = await newNotifications(use(), donor, before, 'id');
		expect(indonesian[0]!.text).toContain('Apakah Kursi kayu jati masih ada?');
		expect((await getItem(use(), item.id))!).toMatchObject({
			visibility: 'listed',
			askedStillAvailable: true,
		});
		expect((await myItems(use(), donor)).find((mine) => mine.id === item.id)).toMatchObject({
			askedStillAvailable: true,
		});
		let visible = await seen();
		expect(visible.list).toContain(item.id);
		expect(visible.sitemap).toContain(`/items/${item.id}<`);

		// Six days after asking: still listed.
		await age(item.id, { fresh: 36 * day, asked: 6 * day });
		expect(await sweep()).toEqual({ asked: 0, hidden: 0 });

		const version = await listVersion(use().server.db);
		await age(item.id, { fresh: 37 * day, asked: freshnessLimits.hideAfterMs + minute });
		expect(await sweep()).toEqual({ asked: 0, hidden: 1 });
		expect(await listVersion(use().server.db)).toBeGreaterThan(version);
		visible = await seen();
		expect(visible.list).not.toContain(item.id);
		expect(visible.search).not.toContain(item.id);
		expect(visible.sitemap).not.toContain(`/items/${item.id}<`);
		// Its page still answers, saying why it is out of the lists.
		expect((await getItem(use(), item.id))!).toMatchObject({
			visibility: 'stale',
			askedStillAvailable: false,
		});
		expect((await myItems(use(), donor)).find((mine) => mine.id === item.id)).toMatchObject({
			visibility: 'stale',
		});
		const hidden = await newNotifications(use(), donor, before);
		expect(hidden.map((notification) => notification.kind)).toEqual([
			'stillAvailable',
			'listingStale',
		]);

		const back = await renewed(item.id, donor);
		expect(back).toMatchObject({ visibility: 'listed', askedStillAvailable: false });
		// Renewed after more than a week, it is at the top of the newest again.
		expect(Date.now() - new Date(back.createdAt).getTime()).toBeLessThan(minute);
		visible = await seen();
		expect(visible.list[0]).toBe(item.id);
		expect(visible.search).toContain(item.id);
		expect(visible.sitemap).toContain(`/items/${item.id}<`);
		// The 30 days start again.
		expect(await sweep()).toEqual({ asked: 0, hidden: 0 });
	});

	it('answering "still available" resets the 30 days before anything is hidden', async () => {
		const donor = await use().createUser({ complete: true });
		const item = await createItemFor(use(), donor);
		await age(item.id, { fresh: freshnessLimits.askAfterMs + minute });
		expect((await sweep()).asked).toBe(1);
		await age(item.id, { asked: 3 * day });
		expect(await renewed(item.id, donor)).toMatchObject({
			visibility: 'listed',
			askedStillAvailable: false,
		});
		// The answer cleared the question: nothing to hide, nothing to ask for another 30 days.
		const [row] = await use()
			.server.db.select({ asked: items.staleAskedAt })
			.from(items)
			.where(eq(items.id, item.id));
		expect(row!.asked).toBeNull();
		expect(await sweep()).toEqual({ asked: 0, hidden: 0 });
		await age(item.id, { fresh: freshnessLimits.askAfterMs + minute });
		expect(await sweep()).toEqual({ asked: 1, hidden: 0 });
	});

	it('brings a renewed listing to the top of the newest at most once a week', async () => {
		const donor = await use().createUser({ complete: true });
		const older = await createItemFor(use(), donor);
		const newer = await createItemFor(use(), donor);
		await age(older.id, { fresh: 10 * day });
		const first = await renewed(older.id, donor);
		expect((await seen()).list.indexOf(older.id)).toBeLessThan(
			(await seen()).list.indexOf(newer.id),
		);

		// Renewing again within the week keeps its place.
		await renewed(newer.id, donor);
		const again = await renewed(older.id, donor);
		expect(again.createdAt).toBe(first.createdAt);
		// A brand-new listing renewed keeps its place too.
		const fresh = await renewed(newer.id, donor);
		expect(fresh.createdAt).toBe(newer.createdAt);

		// A week after the last bump, renewing moves it up again.
		await use()
			.server.db.update(items)
			.set({ createdAt: new Date(Date.now() - 8 * day), bumpedAt: new Date(Date.now() - 8 * day) })
			.where(eq(items.id, older.id));
		const bumped = await renewed(older.id, donor);
		expect(new Date(bumped.createdAt).getTime()).toBeGreaterThan(
			new Date(newer.createdAt).getTime(),
		);
	});

	it('lets only the donor renew, and only an available listing their silence hid', async () => {
		const donor = await use().createUser({ complete: true });
		const other = await use().createUser({ complete: true });
		const moderator = await createModerator(use());
		const item = await createItemFor(use(), donor);
		await age(item.id, { fresh: 40 * day, asked: 8 * day });
		await sweep();
		expect((await getItem(use(), item.id))!.visibility).toBe('stale');

		await expectError(await renew(item.id, null), 401, 'UNAUTHORIZED');
		await expectError(await renew(item.id, other), 403, 'FORBIDDEN');
		await expectError(await renew(item.id, moderator), 403, 'FORBIDDEN');
		await expectError(await renew(999_999_999, donor), 404, 'NOT_FOUND');
		await expectError(
			await use().request('/items/abc/renew', { method: 'POST', user: donor }),
			404,
			'NOT_FOUND',
		);
		expect((await getItem(use(), item.id))!.visibility).toBe('stale');

		// A listing a moderator hid stays hidden.
		const moderated = await createItemFor(use(), donor);
		await use()
			.server.db.update(items)
			.set({ hiddenAt: new Date(), hiddenReason: 'moderator' })
			.where(eq(items.id, moderated.id));
		await expectError(await renew(moderated.id, donor), 409, 'ITEM_NOT_EDITABLE');
		expect((await getItem(use(), moderated.id))!.visibility).toBe('hidden');

		// A given item is out of the sitemap and has nothing to renew.
		const given = await createItemFor(use(), donor);
		await toggleItem(use(), donor, given.id);
		await expectError(await renew(given.id, donor), 409, 'ITEM_NOT_EDITABLE');
		expect(await sitemapXml(use().server.db, testOrigin, 'items-1')).not.toContain(
			`/items/${given.id}<`,
		);
		// Given items are never asked about.
		await age(given.id, { fresh: 60 * day });
		expect((await sweep()).asked).toBe(0);
	});
});
