import { describe, expect, it } from 'vitest';
import { createItemFor, expectError } from '../helpers/items';
import { act, ask, requestsForItem, requestsOf } from '../helpers/requests';
import { describeOnDatabases, uniquePhone } from '../helpers/test-server';

describeOnDatabases('Request privacy', (use) => {
	/** A donor and a receiver whose phones are known, and the donor's item. */
	async function pair() {
		const phones = { donor: uniquePhone(), receiver: uniquePhone() };
		const donor = await use().createUser({ complete: true, phone: phones.donor });
		const receiver = await use().createUser({ complete: true, phone: phones.receiver });
		const item = await createItemFor(use(), donor);
		return { donor, receiver, item, phones };
	}

	describe('phones', () => {
		it('shows the donor the receiver’s phone while in progress, the receiver the donor’s once chosen, and neither after', async () => {
			const { donor, receiver, item, phones } = await pair();
			const phonesSeen = async () => {
				const [asDonor] = await requestsForItem(use(), donor, item.id);
				const [asReceiver] = await requestsOf(use(), receiver, item.id);
				return {
					state: asReceiver!.state,
					byDonor: asDonor!.receiver!.phone,
					byReceiver: asReceiver!.donor!.phone,
				};
			};
			const request = await ask(use(), receiver, item.id);
			const seen = [await phonesSeen()];
			for (const [user, action] of [
				[donor, 'reserve'],
				[donor, 'handOver'],
				[receiver, 'confirm'],
			] as const) {
				await act(use(), user, request.id, action);
				seen.push(await phonesSeen());
			}
			const inProgress = { byDonor: phones.receiver, byReceiver: phones.donor };
			expect(seen).toEqual([
				{ state: 'open', byDonor: phones.receiver, byReceiver: undefined },
				{ state: 'reserved', ...inProgress },
				{ state: 'handedOver', ...inProgress },
				{ state: 'confirmed', byDonor: undefined, byReceiver: undefined },
			]);
		});

		it.each([
			['withdrawn', 'receiver', 'withdraw'],
			['declined', 'donor', 'decline'],
		] as const)('hides both phones once the request is %s', async (state, side, action) => {
			const { donor, receiver, item } = await pair();
			const request = await ask(use(), receiver, item.id);
			await act(use(), side === 'donor' ? donor : receiver, request.id, action);
			const [asDonor] = await requestsForItem(use(), donor, item.id);
			const [asReceiver] = await requestsOf(use(), receiver, item.id);
			expect(asDonor).toMatchObject({ state, receiver: { name: 'Budi Santoso' } });
			expect(asDonor!.receiver).not.toHaveProperty('phone');
			expect(asReceiver!.donor).not.toHaveProperty('phone');
		});
	});

	describe('GET /items/{id}/requests', () => {
		it('answers 403 FORBIDDEN to anyone but the item’s donor', async () => {
			const { receiver, item } = await pair();
			await ask(use(), receiver, item.id);
			for (const user of [receiver, await use().createUser({ complete: true })]) {
				const response = await use().request(`/items/${item.id}/requests`, { user });
				await expectError(response, 403, 'FORBIDDEN');
			}
		});

		it('answers 401 UNAUTHORIZED when signed out, and 404 NOT_FOUND for no such item', async () => {
			const { donor, item } = await pair();
			await expectError(await use().request(`/items/${item.id}/requests`), 401, 'UNAUTHORIZED');
			for (const id of ['999999999', 'abc']) {
				const response = await use().request(`/items/${id}/requests`, { user: donor });
				await expectError(response, 404, 'NOT_FOUND');
			}
		});

		it('marks requests new until the donor has looked at them', async () => {
			const { donor, receiver, item } = await pair();
			await ask(use(), receiver, item.id);
			expect((await requestsForItem(use(), donor, item.id))[0]!.isNew).toBe(true);
			expect((await requestsForItem(use(), donor, item.id))[0]!.isNew).toBe(false);
		});
	});

	describe('GET /requests/mine', () => {
		it('lists only the caller’s requests, newest first, and one item’s with ?item=', async () => {
			const { donor, receiver, item } = await pair();
			const second = await createItemFor(use(), donor, { name: 'Meja belajar' });
			const someoneElse = await use().createUser({ complete: true });
			const first = await ask(use(), receiver, item.id);
			const latest = await ask(use(), receiver, second.id);
			await ask(use(), someoneElse, item.id);

			expect((await requestsOf(use(), receiver)).map((request) => request.id)).toEqual([
				latest.id,
				first.id,
			]);
			expect(await requestsOf(use(), receiver, item.id)).toEqual([
				expect.objectContaining({
					id: first.id,
					item: expect.objectContaining({ name: 'Kursi kayu jati' }),
				}),
			]);
			expect(await requestsOf(use(), receiver, second.id)).toEqual([
				expect.objectContaining({
					id: latest.id,
					item: expect.objectContaining({ name: 'Meja belajar' }),
				}),
			]);
		});

		it('answers 401 UNAUTHORIZED when signed out, and 400 for an unusable item', async () => {
			await expectError(await use().request('/requests/mine'), 401, 'UNAUTHORIZED');
			const user = await use().createUser({ complete: true });
			await expectError(
				await use().request('/requests/mine?item=abc', { user }),
				400,
				'VALIDATION_ERROR',
			);
		});
	});
});
