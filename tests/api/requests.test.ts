import { expect, it } from 'vitest';
import { requestLimits } from '~/config/limits';
import { createItemFor, expectError, getItem, toggleItem } from '../helpers/items';
import {
	act,
	ask,
	askFor,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Asking for items', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	/** A donor's item of `quantity`, and a receiver with a complete profile. */
	async function listed(quantity = 2) {
		const donor = await person('Ani Wijaya');
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: String(quantity) });
		return { donor, receiver, item };
	}

	it('creates a request (201), then updates the same open request when asked again (200)', async () => {
		const { donor, receiver, item } = await listed(3);
		const bell = await notificationsOf(use(), donor);

		const first = await askFor(use(), receiver, item.id, { quantity: 1 });
		expect(first.status).toBe(201);
		const created = (await first.json()).data;
		expect(created).toMatchObject({ itemId: item.id, state: 'open', quantity: 1 });
		expect(created.actions).toEqual(['withdraw']);

		const again = await askFor(use(), receiver, item.id, { quantity: 3 });
		expect(again.status).toBe(200);
		expect((await again.json()).data).toMatchObject({
			id: created.id,
			state: 'open',
			quantity: 3,
		});
		expect(await requestsOf(use(), receiver, item.id)).toEqual([
			expect.objectContaining({ id: created.id, quantity: 3 }),
		]);
		expect(
			(await newNotifications(use(), donor, bell)).map((notification) => notification.text),
		).toEqual([
			'Budi Santoso asked for Kursi kayu jati.',
			'Budi Santoso changed their request for Kursi kayu jati to 3.',
		]);
	});

	it.each([
		[0, 'requests.errors.quantityInvalid'],
		[-1, 'requests.errors.quantityInvalid'],
		[3, 'requests.errors.quantityOverAvailable'],
		[101, 'requests.errors.quantityInvalid'],
	])('refuses a quantity of %s for an item of 2 (400, fields.quantity)', async (quantity, key) => {
		const { receiver, item } = await listed(2);
		await expectError(
			await askFor(use(), receiver, item.id, { quantity }),
			400,
			'VALIDATION_ERROR',
			{ quantity: key },
		);
		expect(await requestsOf(use(), receiver)).toEqual([]);
	});

	it.each([
		['a fraction', { quantity: 1.5 }],
		['a string', { quantity: '1' }],
		['no quantity', {}],
	])('refuses %s as the quantity (400)', async (_, body) => {
		const { receiver, item } = await listed();
		await expectError(await askFor(use(), receiver, item.id, body), 400, 'VALIDATION_ERROR', {
			quantity: 'requests.errors.quantityInvalid',
		});
		expect(await requestsOf(use(), receiver)).toEqual([]);
	});

	it('refuses the donor’s own item (409)', async () => {
		const { donor, item } = await listed();
		const error = await expectError(
			await askFor(use(), donor, item.id, { quantity: 1 }, 'en'),
			409,
			'REQUEST_CONFLICT',
		);
		expect(error.message).toBe('This is your own item: you cannot ask for it.');
		expect(await requestsForItem(use(), donor, item.id)).toEqual([]);
	});

	it('refuses an item marked donated (409)', async () => {
		const { donor, receiver, item } = await listed();
		await toggleItem(use(), donor, item.id);
		const error = await expectError(
			await askFor(use(), receiver, item.id, { quantity: 1 }, 'en'),
			409,
			'REQUEST_CONFLICT',
		);
		expect(error.message).toBe('This item can no longer be asked for.');
	});

	it('takes requests for a reserved item as a waiting list, up to what is left', async () => {
		const { donor, receiver, item } = await listed(2);
		await act(use(), donor, (await ask(use(), receiver, item.id, 2)).id, 'reserve');
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'RESERVED',
			reservedQuantity: 2,
		});

		const waiting = await person('Citra Lestari');
		await expectError(
			await askFor(use(), waiting, item.id, { quantity: 3 }),
			400,
			'VALIDATION_ERROR',
			{ quantity: 'requests.errors.quantityOverAvailable' },
		);
		const response = await askFor(use(), waiting, item.id, { quantity: 2 });
		expect(response.status).toBe(201);
		expect((await response.json()).data).toMatchObject({ state: 'open', quantity: 2 });
	});

	it('asks for no more than is unreserved while the item is available', async () => {
		const { donor, receiver, item } = await listed(3);
		await act(use(), donor, (await ask(use(), receiver, item.id, 2)).id, 'reserve');
		const other = await person('Citra Lestari');
		await expectError(
			await askFor(use(), other, item.id, { quantity: 2 }),
			400,
			'VALIDATION_ERROR',
			{ quantity: 'requests.errors.quantityOverAvailable' },
		);
		expect((await askFor(use(), other, item.id, { quantity: 1 })).status).toBe(201);
	});

	it('returns a reservation unchanged when its receiver asks again', async () => {
		const { donor, receiver, request } = await givingIn(use(), 'reserved', { itemQuantity: 3 });
		const response = await askFor(use(), receiver, request.itemId, { quantity: 3 });
		expect(response.status).toBe(200);
		const [asDonor] = await requestsForItem(use(), donor, request.itemId);
		expect((await response.json()).data).toMatchObject({
			id: request.id,
			state: 'reserved',
			quantity: 1,
		});
		expect(asDonor).toMatchObject({ state: 'reserved', quantity: 1 });
	});

	it('answers 403 FORBIDDEN to a user whose profile is incomplete', async () => {
		const { item } = await listed();
		const user = await use().createUser();
		await expectError(await askFor(use(), user, item.id, { quantity: 1 }), 403, 'FORBIDDEN');
		expect(await requestsOf(use(), user)).toEqual([]);
	});

	it('answers 401 UNAUTHORIZED when signed out', async () => {
		const { item } = await listed();
		await expectError(await askFor(use(), null, item.id, { quantity: 1 }), 401, 'UNAUTHORIZED');
	});

	it.each(['999999999', 'abc', '0'])('answers 404 NOT_FOUND for the item id %s', async (id) => {
		await expectError(await askFor(use(), await person(), id, { quantity: 1 }), 404, 'NOT_FOUND');
	});

	it('refuses a sixth request in progress, naming the limit in the caller’s language', async () => {
		const donor = await person('Ani Wijaya');
		const receiver = await person();
		const items = [];
		for (let index = 0; index <= requestLimits.activePerReceiver; index += 1) {
			items.push(await createItemFor(use(), donor));
		}
		const [sixth, ...five] = items.reverse();
		const requests = [];
		for (const item of five) requests.push(await ask(use(), receiver, item.id));
		await act(use(), donor, requests[0]!.id, 'reserve');

		for (const [language, message] of [
			[
				'id',
				'Kamu sudah punya 5 permintaan yang masih berjalan. Selesaikan atau batalkan dulu sebelum meminta barang lain.',
			],
			[
				'en',
				'You already have 5 requests in progress. Finish or withdraw one before asking for another item.',
			],
		]) {
			const error = await expectError(
				await askFor(use(), receiver, sixth!.id, { quantity: 1 }, language),
				409,
				'REQUEST_LIMIT',
			);
			expect(error.message).toBe(message);
		}
		expect(await requestsOf(use(), receiver, sixth!.id)).toEqual([]);

		// A hand-over is no longer open or reserved: it leaves room for another request.
		await act(use(), donor, requests[0]!.id, 'handOver');
		expect((await askFor(use(), receiver, sixth!.id, { quantity: 1 })).status).toBe(201);
	});
});
