import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemCount } from '~/features/items/item-search.server';
import type { Item, ItemList } from '~/features/items/items';
import { items } from '~/server/db/schema';
import { createItemFor, expectError, getItem, toggleItem } from '../helpers/items';
import { describeOnDatabases, type TestUser, uniquePhone } from '../helpers/test-server';

/** A made-up word no other item in the suite contains, to find one test's items. */
function marker(): string {
	return Array.from({ length: 10 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
}

const ids = (items: readonly Pick<Item, 'id'>[]) => items.map((item) => item.id);

describeOnDatabases('Item lists', (use) => {
	const donor = () => use().createUser({ complete: true });

	async function list(query: string, user: TestUser | null = null): Promise<ItemList> {
		const response = await use().request(`/items${query}`, { user });
		const body = await response.json();
		expect(response.status, JSON.stringify(body)).toBe(200);
		return body.data as ItemList;
	}

	async function latest(user: TestUser | null = null): Promise<Item[]> {
		const response = await use().request('/items/latest', { user });
		expect(response.status).toBe(200);
		return (await response.json()).data as Item[];
	}

	/** `count` items named after `word`, oldest first. */
	async function itemsNamed(word: string, count: number, owner?: TestUser): Promise<Item[]> {
		const user = owner ?? (await donor());
		const items: Item[] = [];
		for (let index = 0; index < count; index += 1) {
			items.push(await createItemFor(use(), user, { name: `Barang ${word} ${index + 1}` }));
		}
		return items;
	}

	describe('GET /items', () => {
		it('pages 12 at a time by default and describes the page in meta', async () => {
			const word = marker();
			const items = await itemsNamed(word, 13);
			const newest = ids(items).reverse();

			const first = await list(`?search=${word}`);
			expect(first.meta).toEqual({
				page: 1,
				limit: 12,
				total: 13,
				totalPages: 2,
				hasPrevPage: false,
				hasNextPage: true,
			});
			expect(ids(first.items)).toEqual(newest.slice(0, 12));

			const second = await list(`?search=${word}&page=2`);
			expect(second.meta).toEqual({
				page: 2,
				limit: 12,
				total: 13,
				totalPages: 2,
				hasPrevPage: true,
				hasNextPage: false,
			});
			expect(ids(second.items)).toEqual(newest.slice(12));

			const beyond = await list(`?search=${word}&page=3`);
			expect(beyond.items).toEqual([]);
			expect(beyond.meta).toMatchObject({ page: 3, total: 13, hasNextPage: false });

			const small = await list(`?search=${word}&limit=5&page=2`);
			expect(small.meta).toEqual({
				page: 2,
				limit: 5,
				total: 13,
				totalPages: 3,
				hasPrevPage: true,
				hasNextPage: true,
			});
			expect(ids(small.items)).toEqual(newest.slice(5, 10));

			const all = await list(`?search=${word}&limit=48`);
			expect(all.meta).toMatchObject({ limit: 48, totalPages: 1, hasNextPage: false });
			expect(ids(all.items)).toEqual(newest);
		});

		it('describes an empty result as one empty page', async () => {
			expect(await list(`?search=${marker()}`)).toEqual({
				items: [],
				meta: {
					page: 1,
					limit: 12,
					total: 0,
					totalPages: 1,
					hasPrevPage: false,
					hasNextPage: false,
				},
			});
		});

		it.each([
			['limit=49'],
			['limit=0'],
			['limit=abc'],
			['page=0'],
			['page=1.5'],
			['sort=random'],
			['status=donated'],
			['category=toys'],
			[`search=${'x'.repeat(101)}`],
		])('answers ?%s with 400 VALIDATION_ERROR', async (query) => {
			await expectError(await use().request(`/items?${query}`), 400, 'VALIDATION_ERROR');
		});

		it.each([
			['search', 'search=kursi%00'],
			['search', 'search=%00'],
			['category', 'category=%00'],
			['page', 'page=1%00'],
			['sort', 'sort=%00newest'],
		])(
			'answers a NUL character in %s (?%s) with 400 VALIDATION_ERROR naming it',
			async (field, query) => {
				await expectError(await use().request(`/items?${query}`), 400, 'VALIDATION_ERROR', {
					[field]: 'form.errors.invalidCharacter',
				});
			},
		);

		it('sorts newest first by default, oldest first when asked', async () => {
			const word = marker();
			const items = ids(await itemsNamed(word, 3));
			expect(ids((await list(`?search=${word}`)).items)).toEqual([...items].reverse());
			expect(ids((await list(`?search=${word}&sort=newest`)).items)).toEqual([...items].reverse());
			expect(ids((await list(`?search=${word}&sort=oldest`)).items)).toEqual(items);
		});

		it('filters by category', async () => {
			const word = marker();
			const user = await donor();
			const book = await createItemFor(use(), user, { name: `Novel ${word}`, category: 'books' });
			await createItemFor(use(), user, { name: `Lemari ${word}`, category: 'furniture' });
			await createItemFor(use(), user, { name: `Lain ${word}` });
			expect(ids((await list(`?search=${word}&category=books`)).items)).toEqual([book.id]);
			const books = await list('?category=books&limit=48');
			expect(ids(books.items)).toContain(book.id);
			expect(books.items.every((item) => item.category === 'books')).toBe(true);
			expect((await list(`?search=${word}`)).meta.total).toBe(3);
		});

		it('lists donated items with their status, and hides them with status=available', async () => {
			const word = marker();
			const user = await donor();
			const [kept, given] = await itemsNamed(word, 2, user);
			await toggleItem(use(), user, given!.id);

			const everything = await list(`?search=${word}`);
			expect(everything.items.map(({ id, status }) => ({ id, status }))).toEqual([
				{ id: given!.id, status: 'DONATED' },
				{ id: kept!.id, status: 'AVAILABLE' },
			]);
			expect(everything.items[0]!.donatedAt).not.toBeNull();
			expect(await list(`?search=${word}&status=all`)).toEqual(everything);

			const available = await list(`?search=${word}&status=available`);
			expect(ids(available.items)).toEqual([kept!.id]);
			expect(available.meta.total).toBe(1);
		});

		describe('search', () => {
			async function found(search: string): Promise<number[]> {
				return ids((await list(`?search=${encodeURIComponent(search)}&limit=48`)).items);
			}

			/**
			 * Runs `check` twice, with the number of all items set so that a search's pages are
			 * found by walking the dates (none: a walk reads nothing), then through the trigram
			 * index (pageWay). A search that is counted already takes that way; the first of a
			 * search counts, as ever.
			 */
			async function eachWay(check: (way: string) => Promise<void>): Promise<void> {
				for (const [way, count] of [
					['walk', 0],
					['index', Number.MAX_SAFE_INTEGER],
				] as const) {
					itemCount.set(use().server.db, count);
					await check(way);
					await check(way);
				}
			}

			it('matches names and descriptions, ignoring case and small typos', async () => {
				const user = await donor();
				const chair = await createItemFor(use(), user, {
					name: 'Kursi lipat',
					description: 'Bisa dilipat, cocok untuk acara keluarga.',
				});
				const wardrobe = await createItemFor(use(), user, {
					name: 'Lemari pakaian',
					description: 'Lemari dua pintu dengan cermin besar.',
				});
				const desk = await createItemFor(use(), user, {
					name: 'Meja belajar',
					description: 'Meja anak dengan laci, warna putih.',
				});

				for (const search of ['Kursi', 'kursi', 'KURSI', 'kurso', ' kursi ']) {
					const result = await found(search);
					expect(result, search).toContain(chair.id);
					expect(result, search).not.toContain(desk.id);
				}
				for (const search of ['cermin', 'CERMIN', 'cermim']) {
					const result = await found(search);
					expect(result, search).toContain(wardrobe.id);
					expect(result, search).not.toContain(chair.id);
				}
			});

			it('corrects each misspelled word of a search, and finds nothing for gibberish', async () => {
				const user = await donor();
				const word = marker();
				const chair = await createItemFor(use(), user, {
					name: `Kursi lipat ${word}`,
					description: 'Kursi lipat dari kayu, cocok untuk acara keluarga.',
				});
				expect(await found('kurso lipat')).toContain(chair.id);
				expect(await found('kursi lipatt')).toContain(chair.id);
				expect(await found(`${word.slice(0, -1)}a`)).toEqual([chair.id]);
				expect(await found('qqxqqzqq')).toEqual([]);
			});

			it('finds words one letter off (replaced, added, removed, swapped), long ones two off', async () => {
				const user = await donor();
				const chair = await createItemFor(use(), user, {
					name: 'Kursi rotan',
					description: 'Kursi rotan untuk teras, masih kokoh.',
				});
				const desk = await createItemFor(use(), user, {
					name: 'Meja makan',
					description: 'Meja makan untuk enam orang.',
				});
				const bike = await createItemFor(use(), user, {
					name: 'Sepeda lipat',
					description: 'Sepeda lipat, rem baru diganti.',
				});
				const book = await createItemFor(use(), user, {
					name: 'Buku resep',
					description: 'Buku resep masakan Nusantara.',
				});
				const lamp = await createItemFor(use(), user, {
					name: 'Lampu gantung',
					description: 'Gaya minimalis, bohlam LED.',
				});
				const typos = [
					['kurzi', chair],
					['krsi', chair],
					['kurssi', chair],
					['kusri', chair],
					['kurzi rotan', chair],
					['meha', desk],
					['mjea', desk],
					['sepeds', bike],
					['speda', bike],
					['bukk', book],
					['BUKK', book],
					['minimalisss', lamp],
				] as const;
				await eachWay(async (way) => {
					for (const [search, item] of typos) {
						const result = await found(search);
						expect(result, `${way}: ${search}`).toContain(item.id);
						for (const other of [chair, desk, bike, book, lamp].filter((each) => each !== item)) {
							expect(result, `${way}: ${search}`).not.toContain(other.id);
						}
					}
				});
			});

			it('searches a word that items use as typed, never joined by words one letter off', async () => {
				const user = await donor();
				const desk = await createItemFor(use(), user, {
					name: 'Meja lipat kecil',
					description: 'Meja untuk laptop di kasur.',
				});
				const toy = await createItemFor(use(), user, {
					name: 'Mega bloks',
					description: 'Mainan balok susun untuk balita.',
				});
				expect(await found('mega')).toEqual([toy.id]);
				const tables = (await list('?search=meja&limit=48')).items;
				expect(ids(tables)).toContain(desk.id);
				for (const item of tables) {
					expect(`${item.name} ${item.description}`.toLowerCase()).toContain('meja');
				}
			});

			it('takes the word one letter off that most items use', async () => {
				const user = await donor();
				// Three made-up words one letter apart; `typed` is listed by no item.
				const stem = marker().slice(0, 5);
				const [common, rare, typed] = ['b', 'c', 'd'].map((letter) => `${stem}${letter}`);
				const withWord = (word: string) =>
					createItemFor(use(), user, { name: `Barang ${word}`, description: 'Masih bagus.' });
				const rareItem = await withWord(rare!);
				const commonItems = [await withWord(common!), await withWord(common!)];
				expect(await found(typed!)).toEqual(ids(commonItems).reverse());
				expect(await found(rare!)).toEqual([rareItem.id]);

				const moreRare = [await withWord(rare!), await withWord(rare!)];
				expect(await found(typed!)).toEqual([...ids(moreRare).reverse(), rareItem.id]);
			});

			it('corrects a word that the dictionary still lists but no item uses any more', async () => {
				const user = await donor();
				const stem = marker().slice(0, 5);
				const [right, wrong] = [`${stem}b`, `${stem}c`];
				const fixed = await createItemFor(use(), user, { name: `Barang ${wrong}` });
				const other = await createItemFor(use(), user, { name: `Barang ${right}` });
				expect(await found(wrong)).toEqual([fixed.id]);

				// The donor fixes the typo; the dictionary keeps the word it had.
				await use()
					.server.db.update(items)
					.set({ name: `Barang ${right}` })
					.where(sql`${items.id} = ${fixed.id}`);
				expect(await found(wrong)).toEqual([other.id, fixed.id]);
			});

			it('searches words of three letters or fewer as typed', async () => {
				const user = await donor();
				const bag = await createItemFor(use(), user, {
					name: 'Tas ransel',
					description: 'Tas ransel sekolah, resleting aman.',
				});
				expect(await found('tas')).toContain(bag.id);
				expect(await found('tsa')).toEqual([]);
				expect(await found('taz')).toEqual([]);
			});

			it('keeps totals right when items change, also behind this process', async () => {
				const user = await donor();
				const word = marker();
				await itemsNamed(word, 2, user);
				expect((await list(`?search=${word}`)).meta.total).toBe(2);
				expect((await list(`?search=${word}`)).meta.total).toBe(2);

				await itemsNamed(word, 1, user);
				expect((await list(`?search=${word}`)).meta.total).toBe(3);

				// As another server process would: straight in the database, past this one's API.
				await use()
					.server.db.update(items)
					.set({ name: 'Barang lain' })
					.where(sql`${items.name} like ${`%${word}%`}`);
				expect(await list(`?search=${word}`)).toMatchObject({ items: [], meta: { total: 0 } });
			});

			it('takes % and _ as plain characters', async () => {
				const user = await donor();
				const discount = await createItemFor(use(), user, { name: 'Diskon 50% tas' });
				await createItemFor(use(), user, { name: 'Tas 50 ribu' });
				await eachWay(async () => {
					expect(await found('50%')).toEqual([discount.id]);
					expect(await found('%')).toEqual([discount.id]);
					expect(await found('_')).toEqual([]);
				});
			});

			it('finds the same pages walking the dates as through the trigram index', async () => {
				const user = await donor();
				const word = marker();
				const named = await itemsNamed(word, 14, user);
				const described = await createItemFor(use(), user, {
					name: 'Meja lipat',
					description: `Masih kokoh, ${word.toUpperCase()} asli.`,
				});
				const newest = [described.id, ...ids(named).reverse()];
				await eachWay(async (way) => {
					for (const search of [word, word.toUpperCase(), ` ${word.slice(2, 8)} `]) {
						const first = await list(`?search=${encodeURIComponent(search)}`);
						const second = await list(`?search=${encodeURIComponent(search)}&page=2`);
						expect(ids(first.items), `${way}: ${search}`).toEqual(newest.slice(0, 12));
						expect(ids(second.items), `${way}: ${search}`).toEqual(newest.slice(12));
						expect(first.meta.total).toBe(15);
					}
					const oldest = await list(`?search=${word}&sort=oldest&limit=5&page=2`);
					expect(ids(oldest.items), way).toEqual([...newest].reverse().slice(5, 10));
				});
			});

			it('lists everything for an empty search', async () => {
				expect((await list('?search=')).meta.total).toBe((await list('')).meta.total);
			});
		});
	});

	describe('GET /items/latest', () => {
		it('lists the 8 newest available items, newest first', async () => {
			const user = await donor();
			const items = await itemsNamed(marker(), 10, user);
			await toggleItem(use(), user, items[9]!.id);
			await toggleItem(use(), user, items[5]!.id);
			const expected = ids([...items.slice(0, 5), ...items.slice(6, 9)]).reverse();

			const result = await latest();
			expect(ids(result)).toEqual(expected);
			expect(result.every((item) => item.status === 'AVAILABLE')).toBe(true);
			expect(ids((await list('?status=available&limit=8')).items)).toEqual(expected);
		});
	});

	describe('phone privacy', () => {
		/** A donor with a known phone and an item. */
		async function donorWithItem() {
			const phone = uniquePhone();
			const owner = await use().createUser({ complete: true, phone });
			const item = await createItemFor(use(), owner, { name: `Sepeda anak ${marker()}` });
			return { owner, item, phone };
		}

		/** The raw answers of every read that shows the donor, as `viewer` gets them. */
		async function readsAs(viewer: TestUser | null, owner: TestUser, item: Item) {
			const paths = [
				'/items',
				`/items?search=${encodeURIComponent(item.name)}`,
				'/items/latest',
				`/items/${item.id}`,
				`/profile/${owner.id}`,
			];
			return Promise.all(
				paths.map(async (path) => {
					const response = await use().request(path, { user: viewer });
					expect(response.status, path).toBe(200);
					return { path, text: await response.text() };
				}),
			);
		}

		function expectNoPhone(reads: { path: string; text: string }[], phone: string) {
			for (const { path, text } of reads) {
				for (const digits of [phone, phone.slice(1), phone.slice(3), `0${phone.slice(3)}`]) {
					expect(text.includes(digits), `${path} shows ${digits}`).toBe(false);
				}
			}
		}

		it('never shows the phone to a signed-out visitor, only that there is one', async () => {
			const { owner, item, phone } = await donorWithItem();
			const reads = await readsAs(null, owner, item);
			expect(reads.find(({ path }) => path === '/items/latest')!.text).toContain(`"id":${item.id}`);
			expectNoPhone(reads, phone);
			const shown = await getItem(use(), item.id);
			expect(shown!.donor).toMatchObject({ id: owner.id, hasPhone: true });
			expect(shown!.donor).not.toHaveProperty('phone');
		});

		it('never shows the phone to a signed-in user whose profile is incomplete', async () => {
			const { owner, item, phone } = await donorWithItem();
			const viewer = await use().createUser();
			expectNoPhone(await readsAs(viewer, owner, item), phone);
			expect((await getItem(use(), item.id, viewer))!.donor.hasPhone).toBe(true);
		});

		it('shows the phone on the item to a signed-in user with a complete profile', async () => {
			const { item, phone } = await donorWithItem();
			const viewer = await donor();
			expect((await getItem(use(), item.id, viewer))!.donor).toMatchObject({
				hasPhone: true,
				phone,
			});
		});

		it('keeps the phone out of lists, where the item page’s rate limit would not apply', async () => {
			const { owner, item, phone } = await donorWithItem();
			const viewer = await donor();
			const reads = (await readsAs(viewer, owner, item)).filter(
				({ path }) => path !== `/items/${item.id}`,
			);
			expectNoPhone(reads, phone);
		});
	});

	describe('polling', () => {
		async function expectRevalidation(path: string, change: () => Promise<unknown>) {
			const first = await use().request(path);
			expect(first.status).toBe(200);
			const etag = first.headers.get('ETag');
			expect(etag).toBeTruthy();
			expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
			const body = await first.text();

			const again = await use().request(path, { headers: { 'If-None-Match': etag! } });
			expect(again.status).toBe(304);
			expect(await again.text()).toBe('');
			expect(again.headers.get('ETag')).toBe(etag);

			await change();
			const changed = await use().request(path, { headers: { 'If-None-Match': etag! } });
			expect(changed.status).toBe(200);
			expect(changed.headers.get('ETag')).toBeTruthy();
			expect(changed.headers.get('ETag')).not.toBe(etag);
			expect(await changed.text()).not.toBe(body);
		}

		it('answers a repeated GET /items/{id} with 304 until the item changes', async () => {
			const owner = await donor();
			const item = await createItemFor(use(), owner);
			await expectRevalidation(`/items/${item.id}`, () => toggleItem(use(), owner, item.id));
			expect((await getItem(use(), item.id))!.status).toBe('DONATED');
		});

		it('answers a repeated GET /items/latest with 304 until the list changes', async () => {
			const owner = await donor();
			const item = await createItemFor(use(), owner);
			await expectRevalidation('/items/latest', () => toggleItem(use(), owner, item.id));
			expect(ids(await latest())).not.toContain(item.id);
		});
	});
});
