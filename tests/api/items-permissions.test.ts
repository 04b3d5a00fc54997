import { describe, expect, it } from 'vitest';
import type { Item } from '~/features/items/items';
import {
	createItemFor,
	expectError,
	getItem,
	itemForm,
	jpegFile,
	myItems,
	photoKeys,
	postItem,
	putItem,
	storedItemFiles,
	toggleItem,
	validFields,
	verificationToken,
} from '../helpers/items';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

const evilOrigin = { Origin: 'https://evil.example' };
const crossSite = { 'Sec-Fetch-Site': 'cross-site' };

describeOnDatabases('Item permissions', (use) => {
	const donor = () => use().createUser({ complete: true });

	/** An item with its owner, and someone else with a complete profile. */
	async function ownedItem() {
		const owner = await donor();
		const other = await donor();
		const item = await createItemFor(use(), owner);
		return { owner, other, item };
	}

	/** Expects the error and checks that the item, as its owner sees it, and the files stayed. */
	async function expectUnchanged(
		owner: TestUser,
		item: Item,
		send: () => Promise<Response>,
		status: number,
		code: string,
	) {
		const before = await getItem(use(), item.id, owner);
		expect(before).not.toBeNull();
		const files = storedItemFiles(use());
		await expectError(await send(), status, code);
		expect(await getItem(use(), item.id, owner)).toEqual(before);
		expect(storedItemFiles(use())).toEqual(files);
	}

	/** A full, valid update that would change the name, drop the cover and add a photo. */
	async function hostileUpdate(item: Item) {
		return {
			fields: validFields({ name: 'Diambil alih' }),
			files: [await jpegFile()],
			extra: { deletedImages: JSON.stringify(item.images) },
		};
	}

	describe('POST /items', () => {
		async function expectNothingCreated(user: TestUser | null, send: () => Promise<Response>) {
			const files = storedItemFiles(use());
			const mine = user ? await myItems(use(), user) : [];
			const response = await send();
			expect(storedItemFiles(use())).toEqual(files);
			if (user) expect(await myItems(use(), user)).toEqual(mine);
			return response;
		}

		it('answers 401 UNAUTHORIZED when signed out, storing nothing', async () => {
			const form = itemForm(validFields(), [await jpegFile()], { verificationToken: 'x' });
			const response = await expectNothingCreated(null, () =>
				use().request('/items', { method: 'POST', body: form }),
			);
			await expectError(response, 401, 'UNAUTHORIZED');
		});

		it('answers 403 FORBIDDEN to a user whose profile is incomplete, storing nothing', async () => {
			const user = await use().createUser();
			const files = [await jpegFile()];
			const response = await expectNothingCreated(user, () =>
				postItem(use(), user, validFields(), files),
			);
			await expectError(response, 403, 'FORBIDDEN');
		});

		it.each([
			['an Origin of another site', evilOrigin],
			['Sec-Fetch-Site: cross-site', crossSite],
		])('answers 403 FORBIDDEN to a request with %s, storing nothing', async (_, headers) => {
			const user = await donor();
			const files = [await jpegFile()];
			const response = await expectNothingCreated(user, () =>
				postItem(use(), user, validFields(), files, headers),
			);
			await expectError(response, 403, 'FORBIDDEN');
		});

		it('creates the item for a signed-in donor with a complete profile', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user);
			expect(item).toMatchObject({ donorId: user.id, status: 'AVAILABLE', donatedAt: null });
			expect(item.donor.id).toBe(user.id);
			expect(item.images).toHaveLength(1);
			expect(await getItem(use(), item.id)).toMatchObject({ id: item.id, name: item.name });
			// The donor's own list also counts the item's requests: none yet.
			expect(await myItems(use(), user)).toEqual([{ ...item, requestCounts: { open: 0, new: 0 } }]);
		});
	});

	describe('PUT /items/{id}', () => {
		it('answers 401 UNAUTHORIZED when signed out, changing nothing', async () => {
			const { owner, item } = await ownedItem();
			const { fields, files, extra } = await hostileUpdate(item);
			await expectUnchanged(
				owner,
				item,
				() => putItem(use(), null, item.id, fields, files, extra),
				401,
				'UNAUTHORIZED',
			);
		});

		it('answers 403 FORBIDDEN to another user, changing nothing', async () => {
			const { owner, other, item } = await ownedItem();
			const { fields, files, extra } = await hostileUpdate(item);
			await expectUnchanged(
				owner,
				item,
				() => putItem(use(), other, item.id, fields, files, extra),
				403,
				'FORBIDDEN',
			);
		});

		it.each([
			['an Origin of another site', evilOrigin],
			['Sec-Fetch-Site: cross-site', crossSite],
		])('answers 403 FORBIDDEN to the owner’s request with %s', async (_, headers) => {
			const { owner, item } = await ownedItem();
			const { fields, files, extra } = await hostileUpdate(item);
			await expectUnchanged(
				owner,
				item,
				() => putItem(use(), owner, item.id, fields, files, extra, headers),
				403,
				'FORBIDDEN',
			);
		});

		it('answers 409 ITEM_NOT_EDITABLE to the owner of a donated item, changing nothing', async () => {
			const { owner, item } = await ownedItem();
			await toggleItem(use(), owner, item.id);
			const { fields, files, extra } = await hostileUpdate(item);
			await expectUnchanged(
				owner,
				item,
				() => putItem(use(), owner, item.id, fields, files, extra),
				409,
				'ITEM_NOT_EDITABLE',
			);
		});

		it('saves the owner’s changes', async () => {
			const { owner, item } = await ownedItem();
			const response = await putItem(
				use(),
				owner,
				item.id,
				validFields({ name: 'Kursi kayu jati (2)', quantity: '5', category: 'furniture' }),
			);
			expect(response.status).toBe(200);
			const updated = (await response.json()).data as Item;
			expect(updated).toMatchObject({
				id: item.id,
				name: 'Kursi kayu jati (2)',
				quantity: 5,
				category: 'furniture',
				images: item.images,
				createdAt: item.createdAt,
			});
			expect(await getItem(use(), item.id, owner)).toEqual(updated);
		});

		it.each(['999999999', 'abc', '0', '-1', '1.5'])(
			'answers 404 NOT_FOUND for the item id %s',
			async (id) => {
				const user = await donor();
				const response = await use().request(`/items/${id}`, {
					method: 'PUT',
					user,
					body: itemForm(validFields(), [await jpegFile()]),
				});
				await expectError(response, 404, 'NOT_FOUND');
			},
		);
	});

	describe('DELETE /items/{id}', () => {
		const remove = (id: number, user: TestUser | null, headers: Record<string, string> = {}) =>
			use().request(`/items/${id}`, { method: 'DELETE', user, headers });

		it('answers 401 UNAUTHORIZED when signed out, deleting nothing', async () => {
			const { owner, item } = await ownedItem();
			await expectUnchanged(owner, item, () => remove(item.id, null), 401, 'UNAUTHORIZED');
		});

		it('answers 403 FORBIDDEN to another user, deleting nothing', async () => {
			const { owner, other, item } = await ownedItem();
			await expectUnchanged(owner, item, () => remove(item.id, other), 403, 'FORBIDDEN');
		});

		it.each([
			['an Origin of another site', evilOrigin],
			['Sec-Fetch-Site: cross-site', crossSite],
		])('answers 403 FORBIDDEN to the owner’s request with %s', async (_, headers) => {
			const { owner, item } = await ownedItem();
			await expectUnchanged(owner, item, () => remove(item.id, owner, headers), 403, 'FORBIDDEN');
		});

		it('answers 409 ITEM_NOT_EDITABLE to the owner of a donated item, deleting nothing', async () => {
			const { owner, item } = await ownedItem();
			await toggleItem(use(), owner, item.id);
			await expectUnchanged(owner, item, () => remove(item.id, owner), 409, 'ITEM_NOT_EDITABLE');
		});

		it('deletes the owner’s item with its photo files', async () => {
			const { owner, item } = await ownedItem();
			const keys = photoKeys(item);
			for (const key of keys) expect(await use().server.storage.get(key)).not.toBeNull();
			const response = await remove(item.id, owner);
			expect(response.status).toBe(204);
			expect(await response.text()).toBe('');
			expect(await getItem(use(), item.id)).toBeNull();
			expect(await myItems(use(), owner)).toEqual([]);
			for (const key of keys) expect(await use().server.storage.get(key)).toBeNull();
			await expectError(await remove(item.id, owner), 404, 'NOT_FOUND');
		});

		it('answers 404 NOT_FOUND for an item that does not exist', async () => {
			await expectError(await remove(999_999_999, await donor()), 404, 'NOT_FOUND');
		});
	});

	describe('PATCH /items/{id}/toggle-status', () => {
		const toggle = (id: number, user: TestUser | null, headers: Record<string, string> = {}) =>
			use().request(`/items/${id}/toggle-status`, { method: 'PATCH', user, headers });

		it('answers 401 UNAUTHORIZED when signed out, changing nothing', async () => {
			const { owner, item } = await ownedItem();
			await expectUnchanged(owner, item, () => toggle(item.id, null), 401, 'UNAUTHORIZED');
		});

		it('answers 403 FORBIDDEN to another user, changing nothing', async () => {
			const { owner, other, item } = await ownedItem();
			await expectUnchanged(owner, item, () => toggle(item.id, other), 403, 'FORBIDDEN');
			await toggleItem(use(), owner, item.id);
			const donated = (await getItem(use(), item.id, owner))!;
			await expectUnchanged(owner, donated, () => toggle(item.id, other), 403, 'FORBIDDEN');
		});

		it.each([
			['an Origin of another site', evilOrigin],
			['Sec-Fetch-Site: cross-site', crossSite],
		])('answers 403 FORBIDDEN to the owner’s request with %s', async (_, headers) => {
			const { owner, item } = await ownedItem();
			await expectUnchanged(owner, item, () => toggle(item.id, owner, headers), 403, 'FORBIDDEN');
		});

		it('marks the owner’s item donated, dated, and available again, undated', async () => {
			const { owner, item } = await ownedItem();
			const donated = await toggleItem(use(), owner, item.id);
			expect(donated.status).toBe('DONATED');
			expect(donated.donatedAt).not.toBeNull();
			expect(Date.parse(donated.donatedAt!)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'DONATED',
				donatedAt: donated.donatedAt,
			});

			const available = await toggleItem(use(), owner, item.id);
			expect(available).toMatchObject({ status: 'AVAILABLE', donatedAt: null });
			expect(await getItem(use(), item.id)).toMatchObject({ status: 'AVAILABLE', donatedAt: null });

			// Available again, the item can be edited once more.
			const response = await putItem(use(), owner, item.id, validFields({ name: 'Lagi tersedia' }));
			expect(response.status).toBe(200);
		});

		it('answers 404 NOT_FOUND for an item that does not exist', async () => {
			await expectError(await toggle(999_999_999, await donor()), 404, 'NOT_FOUND');
		});
	});

	describe('GET /items/{id}', () => {
		it.each(['999999999', 'abc', '0', '99999999999999999999'])(
			'answers 404 NOT_FOUND for the item id %s',
			async (id) => {
				await expectError(await use().request(`/items/${id}`), 404, 'NOT_FOUND');
			},
		);
	});

	describe('GET /items/my-items', () => {
		it('answers 401 UNAUTHORIZED when signed out', async () => {
			await expectError(await use().request('/items/my-items'), 401, 'UNAUTHORIZED');
		});

		it('lists only the signed-in user’s own items, newest first', async () => {
			const { owner, other, item } = await ownedItem();
			const second = await createItemFor(use(), owner, { name: 'Meja belajar' });
			await createItemFor(use(), other);
			expect((await myItems(use(), owner)).map((mine) => mine.id)).toEqual([second.id, item.id]);
		});
	});

	describe('POST /verification/simulated', () => {
		const issue = (user: TestUser | null, headers: Record<string, string> = {}) =>
			use().request('/verification/simulated', { method: 'POST', user, headers });

		it('answers 401 UNAUTHORIZED when signed out', async () => {
			await expectError(await issue(null), 401, 'UNAUTHORIZED');
		});

		it.each([
			['an Origin of another site', evilOrigin],
			['Sec-Fetch-Site: cross-site', crossSite],
		])('answers 403 FORBIDDEN to a request with %s', async (_, headers) => {
			await expectError(await issue(await donor(), headers), 403, 'FORBIDDEN');
		});

		it('gives any signed-in user a token', async () => {
			for (const user of [await use().createUser(), await donor()]) {
				expect(await verificationToken(use(), user)).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
			}
		});
	});
});
