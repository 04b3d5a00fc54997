import { describe, expect, it } from 'vitest';
import { notifySavedSearchesOfNeed } from '~/features/saved-searches/saved-search-matches.server';
import type { SavedSearch } from '~/features/saved-searches/saved-searches';
import { createItemFor } from '../helpers/items';
import { insertNeed, marker } from '../helpers/need-rows';
import { notificationsOf } from '../helpers/requests';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Saved searches of needs', (use) => {
	async function saved(user: TestUser, body: object, status = 201): Promise<SavedSearch> {
		const response = await use().request('/saved-searches', {
			method: 'POST',
			user,
			headers: { 'Content-Type': 'application/json', 'Accept-Language': 'id' },
			body: JSON.stringify(body),
		});
		const text = await response.text();
		expect(response.status, text).toBe(status);
		return JSON.parse(text).data as SavedSearch;
	}

	const kindsOf = async (user: TestUser) =>
		(await notificationsOf(use(), user)).notifications.map((notification) => notification.kind);

	describe('saving', () => {
		it('saves a search of needs, and the same search from items then follows both', async () => {
			const user = await use().createUser();
			const needsSearch = await saved(user, {
				search: 'Selimut',
				regency: '3273',
				targets: 'needs',
			});
			expect(needsSearch).toMatchObject({
				label: 'Selimut · Kota Bandung',
				query: '?search=selimut&province=32&regency=3273',
				targets: 'needs',
			});
			expect(
				(await saved(user, { search: 'selimut', regency: '3273', targets: 'needs' }, 200)).id,
			).toBe(needsSearch.id);
			const both = await saved(user, { search: 'selimut', regency: '32.73' }, 200);
			expect(both).toMatchObject({ id: needsSearch.id, targets: 'all' });
			const items = await saved(user, { category: 'books' });
			expect(items.targets).toBe('items');
		});

		it('refuses an unknown target, translated, saving nothing', async () => {
			const user = await use().createUser();
			const response = await use().request('/saved-searches', {
				method: 'POST',
				user,
				headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
				body: JSON.stringify({ search: 'selimut', targets: 'drives' }),
			});
			expect(response.status).toBe(400);
			const body = await response.json();
			expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
			const mine = await use().request('/saved-searches', { user });
			expect((await mine.json()).data).toEqual([]);
		});
	});

	describe('matching a new need', () => {
		it('tells each person whose needs search matches, once, leading to the need', async () => {
			const word = marker();
			const inNeed = await use().createUser({ complete: true });
			const follower = await use().createUser();
			await saved(follower, { search: word.toUpperCase(), regency: '3273', targets: 'needs' });
			await saved(follower, { search: word, targets: 'needs' });
			const both = await use().createUser();
			await saved(both, { category: 'household', province: '32', targets: 'needs' });
			await saved(both, { category: 'household', province: '32' }, 200);
			const itemsOnly = await use().createUser();
			await saved(itemsOnly, { search: word });
			const otherCity = await use().createUser();
			await saved(otherCity, { search: word, regency: '3277', targets: 'needs' });
			const otherCategory = await use().createUser();
			await saved(otherCategory, { search: word, category: 'books', targets: 'needs' });
			await saved(inNeed, { search: word, targets: 'needs' });

			const needId = await insertNeed(use(), inNeed, {
				title: `Selimut ${word}`,
				category: 'household',
				district: '32.73.02',
			});
			await notifySavedSearchesOfNeed(use().server.db, needId);

			const told = await notificationsOf(use(), follower, 'id');
			expect(told.notifications).toEqual([
				expect.objectContaining({
					kind: 'savedSearchNeedMatch',
					path: `/needs/${needId}`,
					text: `Kebutuhan baru cocok dengan pencarianmu "${word.toUpperCase()} · Kota Bandung": Selimut ${word}.`,
					read: false,
				}),
			]);
			const inEnglish = await notificationsOf(use(), both, 'en');
			expect(inEnglish.notifications.map((notification) => notification.text)).toEqual([
				`A new need matches your search "Perlengkapan rumah · Jawa Barat": Selimut ${word}.`,
			]);
			for (const user of [itemsOnly, otherCity, otherCategory, inNeed]) {
				expect(await kindsOf(user)).toEqual([]);
			}
		});

		it('tells no one of a hidden or closed need, and a new item never tells a needs search', async () => {
			const word = marker();
			const inNeed = await use().createUser({ complete: true });
			const follower = await use().createUser();
			await saved(follower, { search: word, targets: 'needs' });
			const hidden = await insertNeed(use(), inNeed, {
				title: `Kompor ${word}`,
				hiddenAt: new Date(),
			});
			const closed = await insertNeed(use(), inNeed, { title: `Kompor ${word}`, state: 'closed' });
			await notifySavedSearchesOfNeed(use().server.db, hidden);
			await notifySavedSearchesOfNeed(use().server.db, closed);
			await createItemFor(use(), inNeed, { name: `Kompor ${word}` });
			expect(await kindsOf(follower)).toEqual([]);
		});
	});
});
