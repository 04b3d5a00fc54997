import { describe, expect, it } from 'vitest';
import {
	createItemFor,
	expectError,
	getItem,
	putItem,
	toggleItem,
	validFields,
} from '../helpers/items';
import {
	act,
	ask,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Items with requests', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	/** An item of 3 with one request open and one reserved, from two receivers. */
	async function askedFor() {
		const donor = await person('Ani Wijaya');
		const item = await createItemFor(use(), donor, { quantity: '3' });
		const receivers = [await person(), await person('Citra Lestari')] as const;
		const open = await ask(use(), receivers[0], item.id);
		const reserved = await act(
			use(),
			donor,
			(await ask(use(), receivers[1], item.id)).id,
			'reserve',
		);
		const bells = await Promise.all(receivers.map((user) => notificationsOf(use(), user)));
		return { donor, item, receivers, open, reserved, bells };
	}

	const remove = (id: number, user: TestUser) =>
		use().request(`/items/${id}`, { method: 'DELETE', user });
	const toggle = (id: number, user: TestUser) =>
		use().request(`/items/${id}/toggle-status`, { method: 'PATCH', user });

	describe('deleting', () => {
		it('withdraws the open and reserved requests and tells each receiver', async () => {
			const { donor, item, receivers, bells } = await askedFor();
			expect((await remove(item.id, donor)).status).toBe(204);
			expect(await getItem(use(), item.id)).toBeNull();
			for (const [index, receiver] of receivers.entries()) {
				expect(await requestsOf(use(), receiver)).toEqual([]);
				expect(await newNotifications(use(), receiver, bells[index]!)).toEqual([
					expect.objectContaining({
						kind: 'itemDeleted',
						text: 'Kursi kayu jati was deleted by its donor, so your request was withdrawn.',
						path: '/my-requests',
					}),
				]);
			}
		});

		it.each(['handedOver', 'confirmed'] as const)(
			'keeps an item with a request %s (409 ITEM_NOT_EDITABLE), which can still be marked donated',
			async (state) => {
				const { donor, item } = await givingIn(use(), state, { itemQuantity: 2 });
				expect(await getItem(use(), item.id)).toMatchObject({ status: 'AVAILABLE', quantity: 1 });
				await expectError(await remove(item.id, donor), 409, 'ITEM_NOT_EDITABLE');
				expect(await getItem(use(), item.id)).toMatchObject({ status: 'AVAILABLE', quantity: 1 });
				expect(await requestsForItem(use(), donor, item.id)).toEqual([
					expect.objectContaining({ state }),
				]);
				expect(await toggleItem(use(), donor, item.id)).toMatchObject({
					status: 'DONATED',
					quantity: 1,
				});
			},
		);
	});

	describe('the status toggle', () => {
		it('closes the open and reserved requests, telling why, and frees the reservation', async () => {
			const { donor, item, receivers, open, reserved, bells } = await askedFor();
			expect(await getItem(use(), item.id)).toMatchObject({ reservedQuantity: 1 });

			expect(await toggleItem(use(), donor, item.id)).toMatchObject({
				status: 'DONATED',
				quantity: 3,
				reservedQuantity: 0,
			});
			expect(await requestsForItem(use(), donor, item.id)).toEqual([
				expect.objectContaining({ id: open.id, state: 'declined', declineReason: 'givenAway' }),
				expect.objectContaining({ id: reserved.id, state: 'declined', declineReason: 'givenAway' }),
			]);
			for (const [index, receiver] of receivers.entries()) {
				expect(await newNotifications(use(), receiver, bells[index]!)).toEqual([
					expect.objectContaining({
						kind: 'requestClosed',
						text: 'Your request for Kursi kayu jati was closed: the donor has given it away.',
					}),
				]);
			}
			const [closed] = (await notificationsOf(use(), receivers[0], 'id')).notifications;
			expect(closed!.text).toBe(
				'Permintaanmu untuk Kursi kayu jati ditutup: pemberi sudah menghibahkannya.',
			);

			// Available again, everything is free to ask for; the closed requests stay closed.
			expect(await toggleItem(use(), donor, item.id)).toMatchObject({
				status: 'AVAILABLE',
				quantity: 3,
				reservedQuantity: 0,
			});
			expect((await requestsOf(use(), receivers[1], item.id))[0]).toMatchObject({
				state: 'declined',
			});
		});

		it('leaves a RESERVED item alone (409 ITEM_NOT_EDITABLE)', async () => {
			const { donor, item, request } = await givingIn(use(), 'reserved', { itemQuantity: 1 });
			const before = await getItem(use(), item.id, donor);
			expect(before).toMatchObject({ status: 'RESERVED', reservedQuantity: 1 });
			await expectError(await toggle(item.id, donor), 409, 'ITEM_NOT_EDITABLE');
			expect(await getItem(use(), item.id, donor)).toEqual(before);
			expect(await requestsForItem(use(), donor, item.id)).toEqual([
				expect.objectContaining({ id: request.id, state: 'reserved' }),
			]);
		});

		it('leaves an item whose every unit was handed over DONATED (409 ITEM_NOT_EDITABLE)', async () => {
			const { donor, item } = await givingIn(use(), 'confirmed', { itemQuantity: 1 });
			expect(await getItem(use(), item.id)).toMatchObject({ status: 'DONATED', quantity: 0 });
			await expectError(await toggle(item.id, donor), 409, 'ITEM_NOT_EDITABLE');
			expect(await getItem(use(), item.id)).toMatchObject({ status: 'DONATED', quantity: 0 });
		});
	});

	describe('editing', () => {
		it('refuses a quantity below what is reserved (400, fields.quantity)', async () => {
			const { donor, item } = await givingIn(use(), 'reserved', { quantity: 2, itemQuantity: 3 });
			const response = await putItem(use(), donor, item.id, validFields({ quantity: '1' }));
			await expectError(response, 400, 'VALIDATION_ERROR', {
				quantity: 'form.errors.quantityBelowReserved',
			});
			expect(await getItem(use(), item.id)).toMatchObject({ quantity: 3, reservedQuantity: 2 });

			const saved = await putItem(use(), donor, item.id, validFields({ quantity: '2' }));
			expect(saved.status).toBe(200);
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'RESERVED',
				quantity: 2,
				reservedQuantity: 2,
			});
		});
	});
});
