import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '~/features/saved-searches/saved-searches';
import { createItemFor, expectError } from '../helpers/items';
import { notificationsOf } from '../helpers/requests';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Saved searches', (use) => {
	function save(user: TestUser | null, body: object, language = 'id') {
		return use().request('/saved-searches', {
			method: 'POST',
			user,
			headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
			body: JSON.stringify(body),
		});
	}

	async function saved(user: TestUser, body: object, language = 'id'): Promise<SavedSearch> {
		const response = await save(user, body, language);
		const text = await response.text();
		expect(response.status, text).toBe(201);
		return JSON.parse(text).data as SavedSearch;
	}

	const mine = async (user: TestUser) =>
		(await (await use().request('/saved-searches', { user })).json()).data as SavedSearch[];

	describe('saving', () => {
		it('labels a search with its words, category and city in the saver’s language', async () => {
			const user = await use().createUser();
			const chairs = await saved(user, { search: 'Kursi', province: '32', regency: '3273' });
			expect(chairs).toMatchObject({
				label: 'Kursi · Kota Bandung',
				query: '?search=kursi&province=32&regency=3273',
			});
			const books = await saved(user, { category: 'books', province: '31' }, 'en');
			expect(books.label).toBe('Books · DKI Jakarta');
			expect((await mine(user)).map((search) => search.id)).toEqual([books.id, chairs.id]);

			const again = await save(user, { search: 'kursi', regency: '32.73' });
			expect(again.status).toBe(200);
			expect((await again.json()).data.id).toBe(chairs.id);
		});

		it('refuses an empty search and unknown places, translated, saving nothing', async () => {
			const user = await use().createUser();
			const id = await expectError(await save(user, { search: '  ' }), 400, 'VALIDATION_ERROR', {
				search: 'savedSearches.errors.empty',
			});
			expect(id.message).toMatch(/Ketik kata kunci/);
			const en = await expectError(await save(user, {}, 'en'), 400, 'VALIDATION_ERROR');
			expect(en.message).toMatch(/Type some words/);
			await expectError(await save(user, { regency: '3299' }), 400, 'VALIDATION_ERROR', {
				regency: 'items.errors.unknownPlace.regency',
			});
			expect(await mine(user)).toEqual([]);
		});

		it('refuses a search with a NUL character, translated, saving nothing', async () => {
			const user = await use().createUser();
			const error = await expectError(
				await save(user, { search: 'kur\u0000si' }, 'en'),
				400,
				'VALIDATION_ERROR',
				{ search: 'form.errors.invalidCharacter' },
			);
			expect(error.message).toMatch(/not right/);
			expect(await mine(user)).toEqual([]);
		});

		it('keeps at most ten per person', async () => {
			const user = await use().createUser();
			for (let index = 0; index < 10; index += 1) await saved(user, { search: `meja ${index}` });
			const error = await expectError(
				await save(user, { search: 'meja lagi' }, 'en'),
				409,
				'SAVED_SEARCH_LIMIT',
			);
			expect(error.message).toMatch(/10 searches/);
			expect(await mine(user)).toHaveLength(10);
		});

		it('is for signed-in people only, and each deletes only their own', async () => {
			await expectError(await save(null, { search: 'kursi' }), 401, 'UNAUTHORIZED');
			const owner = await use().createUser();
			const other = await use().createUser();
			const search = await saved(owner, { search: 'kursi' });
			const path = `/saved-searches/${search.id}`;
			await expectError(
				await use().request(path, { method: 'DELETE', user: other }),
				404,
				'NOT_FOUND',
			);
			expect((await use().request(path, { method: 'DELETE', user: owner })).status).toBe(204);
			expect(await mine(owner)).toEqual([]);
		});
	});

	describe('matching a new item', () => {
		it('tells each person whose search matches, once, in the bell, leading to the item', async () => {
			const donor = await use().createUser({ complete: true });
			const receiver = await use().createUser();
			const elsewhere = await use().createUser();
			const otherCategory = await use().createUser();
			const word = `kursi${Date.now()}`;
			await saved(receiver, { search: word.toUpperCase(), province: '32', regency: '3273' });
			await saved(receiver, { search: word });
			await saved(elsewhere, { search: word, province: '31' });
			await saved(otherCategory, { search: word, category: 'books' });
			await saved(donor, { search: word });
			// A place alone matches any item picked up there; another city of the province does not.
			const inBandung = await use().createUser();
			await saved(inBandung, { province: '32', regency: '3273' });
			const inCimahi = await use().createUser();
			await saved(inCimahi, { province: '32', regency: '3277' });

			const item = await createItemFor(use(), donor, {
				name: `Kursi ${word}`,
				category: 'furniture',
				pickupDistrict: '32.73.14',
			});
			const told = await notificationsOf(use(), receiver, 'id');
			expect(told.notifications).toEqual([
				expect.objectContaining({
					kind: 'savedSearchMatch',
					path: `/items/${item.id}`,
					text: `Barang baru cocok dengan pencarianmu "${word.toUpperCase()} · Kota Bandung": Kursi ${word}.`,
					read: false,
				}),
			]);
			expect((await notificationsOf(use(), inBandung, 'id')).notifications).toEqual([
				expect.objectContaining({ kind: 'savedSearchMatch', path: `/items/${item.id}` }),
			]);
			for (const user of [elsewhere, otherCategory, inCimahi, donor]) {
				expect((await notificationsOf(use(), user, 'id')).notifications).toEqual([]);
			}
		});

		it('matches the pickup city’s name as search words', async () => {
			const donor = await use().createUser({ complete: true });
			const receiver = await use().createUser();
			await saved(receiver, { search: 'surabaya', category: 'kids' });
			await createItemFor(use(), donor, { category: 'kids', pickupDistrict: '35.78.08' });
			const told = await notificationsOf(use(), receiver, 'en');
			expect(told.notifications.map((notification) => notification.text)).toEqual([
				'A new item matches your search "surabaya · Anak & bayi": Kursi kayu jati.',
			]);
		});
	});
});
