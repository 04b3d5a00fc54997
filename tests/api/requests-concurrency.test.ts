import { expect, it } from 'vitest';
import { requestLimits } from '~/config/limits';
import type { Item } from '~/features/items/items';
import { takeReceiverTurn } from '~/features/requests/receiver-turn.server';
import type { ItemRequest } from '~/features/requests/requests';
import { itemRequests } from '~/server/db/schema';
import { createItemFor, getItem } from '../helpers/items';
import { askFor, changeFor, requestsForItem, requestsOf } from '../helpers/requests';
import { orderInput, postOrder } from '../helpers/courier-orders';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

/** How many answers had each status and error code, e.g. `{ '200': 10, '409 REQUEST_CONFLICT': 40 }`. */
async function outcomesOf(responses: Response[]): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const response of responses) {
		const body = (await response.json()) as { error?: { code: string } };
		const outcome = body.error ? `${response.status} ${body.error.code}` : String(response.status);
		counts[outcome] = (counts[outcome] ?? 0) + 1;
	}
	return counts;
}

describeOnDatabases('Requests at the same moment', (use) => {
	const person = () => use().createUser({ complete: true });

	/** A new minute of writes for `user`, who makes more at once here than a person would. */
	const newMinute = (user: TestUser) => use().server.rateLimiter.reset(`write:user:${user.id}`);

	it('reserves exactly what is left of an item, then hands it all over, never below zero', async () => {
		const donor = await person();
		const item = await createItemFor(use(), donor, { quantity: '10' });
		const receivers: TestUser[] = [];
		for (let index = 0; index < 50; index += 1) receivers.push(await person());

		const asked = await Promise.all(
			receivers.map((receiver) => askFor(use(), receiver, item.id, { quantity: 1 })),
		);
		expect(asked.map((response) => response.status)).toEqual(Array(50).fill(201));
		const requests = await Promise.all(
			asked.map(async (response) => ((await response.json()) as { data: ItemRequest }).data),
		);

		const reserving = await Promise.all(
			requests.map((request) => changeFor(use(), donor, request.id, { action: 'reserve' })),
		);
		expect(await outcomesOf(reserving)).toEqual({ '200': 10, '409 REQUEST_CONFLICT': 40 });
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'RESERVED',
			quantity: 10,
			reservedQuantity: 10,
		});
		const afterReserving = await requestsForItem(use(), donor, item.id);
		const reserved = afterReserving.filter((request) => request.state === 'reserved');
		const open = afterReserving.filter((request) => request.state === 'open');
		expect([reserved.length, open.length]).toEqual([10, 40]);

		await newMinute(donor);
		const [handOvers, lateReservations] = await Promise.all([
			Promise.all(
				reserved.map((request) => changeFor(use(), donor, request.id, { action: 'handOver' })),
			),
			Promise.all(
				open
					.slice(0, 20)
					.map((request) => changeFor(use(), donor, request.id, { action: 'reserve' })),
			),
		]);
		expect(await outcomesOf(handOvers)).toEqual({ '200': 10 });
		expect(await outcomesOf(lateReservations)).toEqual({ '409 REQUEST_CONFLICT': 20 });

		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'DONATED',
			quantity: 0,
			reservedQuantity: 0,
		});
		const states: Record<string, number> = {};
		for (const request of await requestsForItem(use(), donor, item.id)) {
			states[request.state] = (states[request.state] ?? 0) + 1;
			expect(request.quantity).toBeGreaterThanOrEqual(0);
		}
		expect(states).toEqual({ handedOver: 10, declined: 40 });
	});

	it('keeps a receiver asking for 20 items at once to 5 requests in progress', async () => {
		const donors = [await person(), await person()];
		const items: Item[] = [];
		for (let index = 0; index < 20; index += 1) {
			items.push(await createItemFor(use(), donors[index % 2]!));
		}
		const receiver = await person();

		const asked = await Promise.all(
			items.map((item) => askFor(use(), receiver, item.id, { quantity: 1 })),
		);
		expect(await outcomesOf(asked)).toEqual({
			'201': requestLimits.activePerReceiver,
			'409 REQUEST_LIMIT': 20 - requestLimits.activePerReceiver,
		});
		const mine = await requestsOf(use(), receiver);
		expect(mine.map((request) => request.state)).toEqual(
			Array(requestLimits.activePerReceiver).fill('open'),
		);
	});

	it('records one request when a receiver asks for the same item twice at once', async () => {
		const item = await createItemFor(use(), await person(), { quantity: '3' });
		const receiver = await person();
		const asked = await Promise.all(
			[1, 2].map((quantity) => askFor(use(), receiver, item.id, { quantity })),
		);
		expect(await outcomesOf(asked)).toEqual({ '200': 1, '201': 1 });
		expect(await requestsOf(use(), receiver, item.id)).toEqual([
			expect.objectContaining({ state: 'open', quantity: expect.any(Number) }),
		]);
	});

	it('makes a courier order wait for the receiver’s turn an ask holds, then counts the ask', async (context) => {
		// PGlite runs one transaction at a time: there are no two doors to race through.
		if (use().server.database.kind !== 'postgres') return context.skip();
		const donor = await person();
		const receiver = await person();
		const limit = requestLimits.activePerReceiver;
		const items: Item[] = [];
		for (let index = 0; index < limit + 1; index += 1)
			items.push(await createItemFor(use(), donor));
		for (const item of items.slice(0, limit - 1)) {
			await askFor(use(), receiver, item.id, { quantity: 1 });
		}
		const [asked, ordered] = items.slice(limit - 1);
		const input = await orderInput(use(), ordered!.id);

		let holding = true;
		let answeredWhileHeld = false;
		let order: Promise<Response> | undefined;
		await use().server.db.transaction(async (tx) => {
			// What an ask does: take the receiver's turn, then add the request that fills the limit.
			await takeReceiverTurn(tx, receiver.id);
			order = postOrder(use(), receiver, ordered!.id, input);
			void order.then(() => {
				answeredWhileHeld = holding;
			});
			await new Promise((resolve) => setTimeout(resolve, 500));
			await tx
				.insert(itemRequests)
				.values({ itemId: asked!.id, donorId: donor.id, receiverId: receiver.id, quantity: 1 });
		});
		holding = false;
		const response = await order!;
		expect(answeredWhileHeld).toBe(false);
		expect(response.status).toBe(409);
		expect((await response.json()).error.code).toBe('REQUEST_LIMIT');
	});
});
