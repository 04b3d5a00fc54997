import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ItemRequest } from '~/features/requests/requests';
import type { CourierOrder, OrderState } from '~/features/shipping/orders';
import { courierOrders, paymentNotifications } from '~/server/db/schema';
import { orderFor, orderOf, orderStep, payAs } from '../helpers/courier-orders';
import { createItemFor, getItem } from '../helpers/items';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

/** A notification body as Midtrans sends it, signed with the site's key unless told otherwise. */
function notificationBody(
	test: TestServer,
	order: Pick<CourierOrder, 'id' | 'amounts'>,
	fields: { status_code: string; transaction_status: string; gross_amount?: string },
	signature?: string,
): string {
	const grossAmount = fields.gross_amount ?? `${order.amounts.total}.00`;
	const report = {
		orderId: order.id,
		statusCode: fields.status_code,
		grossAmount,
		transactionStatus: fields.transaction_status,
		fraudStatus: 'accept',
	};
	return JSON.stringify({
		transaction_time: '2026-11-26 10:00:00',
		transaction_status: fields.transaction_status,
		transaction_id: 'c8a9e1f0-1111-4c2e-9d1f-000000000001',
		status_code: fields.status_code,
		signature_key: signature ?? test.server.payments.sign!(report),
		payment_type: 'qris',
		order_id: order.id,
		gross_amount: grossAmount,
		fraud_status: 'accept',
		currency: 'IDR',
	});
}

/** Posts a notification the way Midtrans does: no cookie, no Origin. */
async function notify(test: TestServer, body: string) {
	const response = await test.request('/payments/midtrans/notification', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'https://app.sandbox.midtrans.com' },
		body,
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: { verification: string } }).data.verification;
}

const settlement = { status_code: '200', transaction_status: 'settlement' };

describeOnDatabases('Courier payments', (use) => {
	const person = () => use().createUser({ complete: true });

	/** An unpaid order for one unit of a new item. */
	async function unpaidOrder() {
		const donor = await person();
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });
		const order = await orderFor(use(), receiver, item.id);
		return { donor, receiver, item, order };
	}

	/** The state of the receiver's request and why it ended, as `GET /requests/mine` gives it. */
	async function requestOf(receiver: TestUser, requestId: number) {
		const response = await use().request('/requests/mine', { user: receiver });
		const { data } = (await response.json()) as { data: ItemRequest[] };
		const request = data.find((mine) => mine.id === requestId)!;
		return { state: request.state, declineReason: request.declineReason };
	}

	async function storedFor(orderId: string) {
		return use()
			.server.db.select()
			.from(paymentNotifications)
			.where(eq(paymentNotifications.orderId, orderId))
			.orderBy(desc(paymentNotifications.id));
	}

	it('applies a verified notification once; duplicates change nothing but are stored', async () => {
		const { receiver, item, order } = await unpaidOrder();
		const body = notificationBody(use(), order, settlement);
		expect(await notify(use(), body)).toBe('verified');
		expect(await notify(use(), body)).toBe('verified');
		expect((await orderOf(use(), receiver, order.id)).state).toBe('paid');
		expect(await getItem(use(), item.id)).toMatchObject({ reservedQuantity: 1 });
		const stored = await storedFor(order.id);
		expect(stored.map((row) => [row.verification, row.outcome])).toEqual([
			['verified', null],
			['verified', 'paid'],
		]);
		expect(stored[1]!.body).toBe(body);
	});

	it('stores and ignores a bad signature, a wrong amount, an unknown order and a bad body', async () => {
		const { receiver, order } = await unpaidOrder();
		const forged = notificationBody(use(), order, settlement, 'f'.repeat(128));
		expect(await notify(use(), forged)).toBe('badSignature');
		const cheaper = notificationBody(use(), order, { ...settlement, gross_amount: '1000.00' });
		expect(await notify(use(), cheaper)).toBe('wrongAmount');
		const stranger = notificationBody(use(), { ...order, id: 'HBH-no-such-order' }, settlement);
		expect(await notify(use(), stranger)).toBe('unknownOrder');
		expect(await notify(use(), '{"order_id": 12')).toBe('malformed');
		// A NUL character, which a text column cannot hold, is kept as its escape.
		const withNul = notificationBody(use(), { ...order, id: 'HBH-\u0000' }, settlement);
		expect(await notify(use(), withNul)).toBe('unknownOrder');
		expect(await notify(use(), 'order\u0000')).toBe('malformed');
		expect((await orderOf(use(), receiver, order.id)).state).toBe('awaitingPayment');
		const stored = await storedFor(order.id);
		expect(stored.map((row) => row.verification).sort()).toEqual(['badSignature', 'wrongAmount']);
	});

	it('ends the request of an unpaid order with what became of its payment, not as withdrawn by hand', async () => {
		const { receiver, item, order: first } = await unpaidOrder();
		// One order after another for the same item: each ends before the next is made.
		const endings = [];
		for (const outcome of ['cancelled', 'failed', 'error'] as const) {
			const order: CourierOrder =
				endings.length === 0 ? first : await orderFor(use(), receiver, item.id);
			await payAs(use(), receiver, order.id, outcome);
			endings.push(await requestOf(receiver, order.requestId));
		}
		const expiring = await orderFor(use(), receiver, item.id);
		await notify(
			use(),
			notificationBody(use(), expiring, { status_code: '407', transaction_status: 'expire' }),
		);
		endings.push(await requestOf(receiver, expiring.requestId));
		// The receiver's own cancel is still theirs.
		const cancelled = await orderFor(use(), receiver, item.id);
		expect((await orderStep(use(), receiver, cancelled.id, 'cancel')).status).toBe(200);
		endings.push(await requestOf(receiver, cancelled.requestId));
		expect(endings).toEqual([
			{ state: 'withdrawn', declineReason: 'paymentCancelled' },
			{ state: 'withdrawn', declineReason: 'paymentFailed' },
			{ state: 'withdrawn', declineReason: 'paymentError' },
			{ state: 'expired', declineReason: 'paymentExpired' },
			{ state: 'withdrawn', declineReason: null },
		]);
	});

	it('ignores a pending that arrives after the settlement', async () => {
		const { receiver, order } = await unpaidOrder();
		await notify(use(), notificationBody(use(), order, settlement));
		await notify(
			use(),
			notificationBody(use(), order, { status_code: '201', transaction_status: 'pending' }),
		);
		expect((await orderOf(use(), receiver, order.id)).state).toBe('paid');
	});

	it('sends a settlement after an expiry to review, holding nothing', async () => {
		const { receiver, item, order } = await unpaidOrder();
		await notify(
			use(),
			notificationBody(use(), order, { status_code: '407', transaction_status: 'expire' }),
		);
		expect((await orderOf(use(), receiver, order.id)).state).toBe('expired');
		await notify(use(), notificationBody(use(), order, settlement));
		expect((await orderOf(use(), receiver, order.id)).state).toBe('review');
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 0,
		});
	});

	it('lets exactly one of 20 payments for the last unit win; the others are refunded', async () => {
		const donor = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });
		const receivers: TestUser[] = [];
		for (let index = 0; index < 20; index += 1) receivers.push(await person());
		const orders = await Promise.all(
			receivers.map((receiver) => orderFor(use(), receiver, item.id)),
		);
		const paid = await Promise.all(
			orders.map((order, index) => payAs(use(), receivers[index]!, order.id, 'success')),
		);
		const states = paid.map((order) => order.state).sort();
		expect(states.filter((state) => state === 'paid')).toHaveLength(1);
		expect(states.filter((state) => state === 'refunded')).toHaveLength(19);
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'RESERVED',
			quantity: 1,
			reservedQuantity: 1,
		});
		// Once it is held, a new order is refused before paying.
		const late = await person();
		const refused = await use().request(`/items/${item.id}/courier-orders`, {
			method: 'POST',
			user: late,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({}),
		});
		expect(refused.status).toBe(400);
	});

	it('lets only the one actor of each step take it, from the states the table lists', async () => {
		const { donor, receiver, order } = await unpaidOrder();
		const stranger = await person();
		const status = async (user: TestUser, step: Parameters<typeof orderStep>[3], body?: unknown) =>
			(await orderStep(use(), user, order.id, step, body)).status;
		const decline = { reason: 'other' };
		const at = async (state: OrderState) => {
			await use()
				.server.db.update(courierOrders)
				.set({ state })
				.where(eq(courierOrders.id, order.id));
		};

		await at('awaitingPayment');
		expect(await status(donor, 'cancel')).toBe(403);
		expect(await status(stranger, 'cancel')).toBe(403);
		expect(await status(receiver, 'decline', decline)).toBe(403);
		expect(await status(donor, 'decline', decline)).toBe(409);
		expect(await status(donor, 'ready')).toBe(409);
		expect(await status(receiver, 'ready')).toBe(403);
		expect(await status(donor, 'simulated-payment', { outcome: 'success' })).toBe(403);
		expect(await status(donor, 'resume')).toBe(403);

		for (const state of ['shipped', 'delivered', 'refunded', 'review'] as const) {
			await at(state);
			expect(await status(receiver, 'cancel')).toBe(409);
			expect(await status(donor, 'decline', decline)).toBe(409);
			expect(await status(donor, 'ready')).toBe(409);
		}
		await at('pending');
		expect((await orderOf(use(), receiver, order.id)).actions).toEqual(['cancel']);
		expect((await orderOf(use(), donor, order.id)).actions).toEqual([]);
		expect(await status(receiver, 'cancel')).toBe(200);
		expect((await orderOf(use(), receiver, order.id)).state).toBe('cancelled');
	});
});
