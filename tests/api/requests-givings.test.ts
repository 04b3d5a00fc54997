import { describe, expect, it } from 'vitest';
import { requestLimits } from '~/config/limits';
import { createItemFor, expectError, getItem } from '../helpers/items';
import {
	act,
	ask,
	backdateHandOver,
	changeFor,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

const day = 24 * 60 * 60_000;

describeOnDatabases('Givings', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	/** A donor's item of `quantity`, and a receiver with a complete profile. */
	async function listed(quantity = 2) {
		const donor = await person('Ani Wijaya');
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: String(quantity) });
		return { donor, receiver, item };
	}

	describe('reserving', () => {
		it('makes the item RESERVED once reservations hold everything left', async () => {
			const { donor, receiver, item } = await listed(3);
			const other = await person('Citra Lestari');
			const first = await ask(use(), receiver, item.id, 2);
			const second = await ask(use(), other, item.id, 1);

			const reserved = await act(use(), donor, first.id, 'reserve');
			expect(reserved).toMatchObject({ state: 'reserved', quantity: 2 });
			expect(Date.parse(reserved.reservedUntil!) - Date.parse(reserved.updatedAt)).toBe(
				requestLimits.reservationMs,
			);
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'AVAILABLE',
				quantity: 3,
				reservedQuantity: 2,
			});

			await act(use(), donor, second.id, 'reserve');
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'RESERVED',
				quantity: 3,
				reservedQuantity: 3,
			});
		});

		it('refuses to reserve more than is unreserved, naming what is left (409)', async () => {
			const { donor, receiver, item } = await listed(3);
			const other = await person('Citra Lestari');
			const first = await ask(use(), receiver, item.id, 2);
			const second = await ask(use(), other, item.id, 2);
			await act(use(), donor, first.id, 'reserve');

			for (const [language, message] of [
				['id', 'Hanya tersisa 1 yang belum disisihkan.'],
				['en', 'Only 1 is left unreserved.'],
			]) {
				const response = await changeFor(use(), donor, second.id, { action: 'reserve' }, language);
				expect((await expectError(response, 409, 'REQUEST_CONFLICT')).message).toBe(message);
			}
			expect(await getItem(use(), item.id)).toMatchObject({ reservedQuantity: 2 });

			// Reserving what is left of the request's quantity works.
			const reserved = await act(use(), donor, second.id, { action: 'reserve', quantity: 1 });
			expect(reserved).toMatchObject({ state: 'reserved', quantity: 1 });
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'RESERVED',
				reservedQuantity: 3,
			});
		});

		it('refuses to reserve more than was asked for (400)', async () => {
			const { donor, request } = await givingIn(use(), 'open', { itemQuantity: 3 });
			await expectError(
				await changeFor(use(), donor, request.id, { action: 'reserve', quantity: 2 }),
				400,
				'VALIDATION_ERROR',
				{ quantity: 'requests.errors.quantityOverAsked' },
			);
		});
	});

	describe('declining', () => {
		it('frees a reservation and tells the receiver why; a no-show counts on their record', async () => {
			const { donor, receiver, item, request } = await givingIn(use(), 'reserved', {
				itemQuantity: 1,
			});
			const bell = await notificationsOf(use(), receiver);
			const declined = await act(use(), donor, request.id, { action: 'decline', reason: 'noShow' });
			expect(declined).toMatchObject({ state: 'declined', declineReason: 'noShow', actions: [] });
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'AVAILABLE',
				reservedQuantity: 0,
			});
			expect(await newNotifications(use(), receiver, bell)).toEqual([
				expect.objectContaining({
					kind: 'requestDeclined',
					text: 'Your request for Kursi kayu jati was declined: did not come to pick it up.',
				}),
			]);
			expect((await requestsForItem(use(), donor, item.id))[0]!.receiver).toMatchObject({
				pickupsCompleted: 0,
				noShows: 1,
			});
		});

		it('refuses a reason it does not know (400, fields.reason)', async () => {
			const { donor, request } = await givingIn(use(), 'open');
			await expectError(
				await changeFor(use(), donor, request.id, { action: 'decline', reason: 'rude' }),
				400,
				'VALIDATION_ERROR',
				{ reason: 'requests.errors.reasonInvalid' },
			);
		});
	});

	describe('handing over', () => {
		it('takes the given quantity off the item and frees the rest of the reservation', async () => {
			const { donor, receiver, item } = await listed(3);
			const request = await act(
				use(),
				donor,
				(await ask(use(), receiver, item.id, 2)).id,
				'reserve',
			);
			const handedOver = await act(use(), donor, request.id, { action: 'handOver', quantity: 1 });
			expect(handedOver).toMatchObject({ state: 'handedOver', givenQuantity: 1 });
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'AVAILABLE',
				quantity: 2,
				reservedQuantity: 0,
			});
		});

		it('refuses to hand over more than was reserved (400)', async () => {
			const { donor, request } = await givingIn(use(), 'reserved');
			await expectError(
				await changeFor(use(), donor, request.id, { action: 'handOver', quantity: 2 }),
				400,
				'VALIDATION_ERROR',
				{ quantity: 'requests.errors.quantityOverReserved' },
			);
		});

		it('marks the item DONATED when none is left and closes the waiting requests', async () => {
			const { donor, receiver, item } = await listed(1);
			const waiting = [await person('Citra Lestari'), await person('Dewi Anggraini')];
			const request = await ask(use(), receiver, item.id);
			const waitingBefore = await ask(use(), waiting[0]!, item.id);
			await act(use(), donor, request.id, 'reserve');
			const waitingAfter = await ask(use(), waiting[1]!, item.id);
			const bells = await Promise.all(waiting.map((user) => notificationsOf(use(), user)));

			await act(use(), donor, request.id, 'handOver');
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'DONATED',
				quantity: 0,
				reservedQuantity: 0,
			});
			expect(await requestsForItem(use(), donor, item.id)).toEqual([
				expect.objectContaining({ id: request.id, state: 'handedOver', givenQuantity: 1 }),
				expect.objectContaining({
					id: waitingBefore.id,
					state: 'declined',
					declineReason: 'noneLeft',
				}),
				expect.objectContaining({
					id: waitingAfter.id,
					state: 'declined',
					declineReason: 'noneLeft',
				}),
			]);
			for (const [index, user] of waiting.entries()) {
				expect(await newNotifications(use(), user, bells[index]!)).toEqual([
					expect.objectContaining({
						kind: 'requestClosed',
						text: 'Your request for Kursi kayu jati was closed: none is left.',
					}),
				]);
			}
			const [closed] = (await notificationsOf(use(), waiting[0]!, 'id')).notifications;
			expect(closed!.text).toBe(
				'Permintaanmu untuk Kursi kayu jati ditutup: barangnya sudah habis.',
			);
		});
	});

	describe('confirming and disputing', () => {
		it('gives the quantity back on a dispute and holds it again, counting the dispute', async () => {
			const { donor, receiver, item, request } = await givingIn(use(), 'handedOver', {
				quantity: 2,
				itemQuantity: 2,
			});
			expect(await getItem(use(), item.id)).toMatchObject({ status: 'DONATED', quantity: 0 });

			const disputed = await act(use(), receiver, request.id, 'dispute');
			expect(disputed).toMatchObject({
				state: 'reserved',
				quantity: 2,
				givenQuantity: null,
				handedOverAt: null,
				disputes: 1,
			});
			expect(Date.parse(disputed.reservedUntil!)).toBeGreaterThan(Date.now());
			expect(await getItem(use(), item.id)).toMatchObject({
				status: 'RESERVED',
				quantity: 2,
				reservedQuantity: 2,
				donatedAt: null,
			});
			const [asDonor] = await requestsForItem(use(), donor, item.id);
			expect(asDonor).toMatchObject({ state: 'reserved', disputes: 1 });
			expect(asDonor!.actions).toEqual(['decline', 'handOver', 'extend']);
		});

		it('confirms a hand-over within 14 days', async () => {
			const { receiver, request } = await givingIn(use(), 'handedOver');
			await backdateHandOver(use(), request.id, 13 * day);
			const confirmed = await act(use(), receiver, request.id, 'confirm');
			expect(confirmed).toMatchObject({ state: 'confirmed', countsForImpact: true });
		});

		it.each(['confirm', 'dispute'] as const)(
			'refuses to %s a hand-over 14 days after it was made (409)',
			async (action) => {
				const { donor, receiver, item, request } = await givingIn(use(), 'handedOver');
				await backdateHandOver(use(), request.id, requestLimits.confirmWithinMs);
				const [before] = await requestsOf(use(), receiver, item.id);
				expect(before!.actions).toEqual([]);

				const response = await changeFor(use(), receiver, request.id, { action }, 'en');
				const error = await expectError(response, 409, 'REQUEST_CONFLICT');
				expect(error.message).toBe('The time to confirm this hand-over is over.');
				expect(await requestsOf(use(), receiver, item.id)).toEqual([before]);
				expect(await getItem(use(), item.id, donor)).toMatchObject({ quantity: 1 });
			},
		);
	});

	describe('PATCH /requests/{id}', () => {
		const patch = (id: number | string, user: TestUser, body: unknown) =>
			use().request(`/requests/${id}`, {
				method: 'PATCH',
				user,
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			});

		it.each(['999999999', 'abc', '0'])(
			'answers 404 NOT_FOUND for the request id %s',
			async (id) => {
				await expectError(
					await patch(id, await person(), { action: 'withdraw' }),
					404,
					'NOT_FOUND',
				);
			},
		);

		it('refuses an action it does not know (400, fields.action)', async () => {
			const { receiver, request } = await givingIn(use(), 'open');
			await expectError(
				await patch(request.id, receiver, { action: 'cancel' }),
				400,
				'VALIDATION_ERROR',
				{
					action: 'requests.errors.actionInvalid',
				},
			);
			expect((await requestsOf(use(), receiver))[0]!.state).toBe('open');
		});
	});
});
