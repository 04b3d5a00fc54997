import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { requestLimits } from '~/config/limits';
import { orderUpkeep } from '~/features/shipping/order-tracking.server';
import type { CourierOrder } from '~/features/shipping/orders';
import { durationWords } from '~/features/shipping/shipping';
import { courierOrders, paymentNotifications } from '~/server/db/schema';
import {
	orderFor,
	orderInput,
	orderOf,
	orderStep,
	payAs,
	postOrder,
} from '../helpers/courier-orders';
import { createItemFor, getItem } from '../helpers/items';
import { notificationsOf, requestsOf } from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

const dataOf = async (response: Response) =>
	((await response.json()) as { data: CourierOrder }).data;

describeOnDatabases('Courier orders (simulated mode)', (use) => {
	const person = () => use().createUser({ complete: true });

	it('pays, ships, delivers and confirms: the item goes RESERVED, SHIPPED, then DONATED', async () => {
		const donor = await person();
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });

		const order = await orderFor(use(), receiver, item.id);
		expect(order).toMatchObject({ state: 'awaitingPayment', quantity: 1 });
		// The courier's estimate comes as numbers too, for each page to word in its language.
		expect(order.courier.durationRange).toMatchObject({ unit: 'days' });
		expect(order.courier.duration).toBe(durationWords(order.courier.durationRange!));
		expect(order.id).toMatch(/^[A-Za-z0-9\-_~.]{20,50}$/);
		expect(order.amounts.total).toBe(
			order.amounts.shipping + order.amounts.fee + order.amounts.insurance,
		);
		expect(order.amounts.fee).toBe(Math.ceil(order.amounts.shipping / 10));
		expect(order.payment).toEqual({ simulated: true, token: null, redirectUrl: null });
		// Nothing is held before the payment.
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 0,
		});

		const paid = await payAs(use(), receiver, order.id, 'success');
		expect(paid).toMatchObject({ state: 'paid', payment: null, actions: ['cancelPaid'] });
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'RESERVED',
			reservedQuantity: 1,
		});
		const [stored] = await use()
			.server.db.select()
			.from(paymentNotifications)
			.where(eq(paymentNotifications.orderId, order.id));
		expect(stored).toMatchObject({ verification: 'verified', outcome: 'paid' });
		expect(JSON.parse(stored!.body)).toMatchObject({ transaction_status: 'settlement' });

		const donorView = await orderOf(use(), donor, order.id);
		expect(donorView.actions).toEqual(['decline', 'readyForPickup']);
		expect(donorView.recipient.name).toBe('Siti Rahma');
		const donorNotes = await notificationsOf(use(), donor);
		expect(donorNotes.notifications[0]).toMatchObject({
			kind: 'orderPaid',
			path: `/my-items/${item.id}/requests`,
		});

		const shipped = await dataOf(await orderStep(use(), donor, order.id, 'ready'));
		expect(shipped).toMatchObject({ state: 'shipped' });
		expect(shipped.waybill).toMatch(/^SIM[0-9A-F]{12}$/);
		expect(await getItem(use(), item.id)).toMatchObject({ status: 'SHIPPED' });

		// The simulated courier moves a step a minute; the upkeep follows it.
		await orderUpkeep(use().server, new Date(Date.now() + 10 * 60_000));
		const delivered = await orderOf(use(), receiver, order.id);
		expect(delivered.state).toBe('delivered');
		expect(delivered.tracking.map((step) => step.status)).toEqual([
			'confirmed',
			'picked',
			'droppingOff',
			'delivered',
		]);
		expect(await getItem(use(), item.id)).toMatchObject({ status: 'DONATED', quantity: 0 });

		const [request] = await requestsOf(use(), receiver);
		expect(request).toMatchObject({ method: 'courier', state: 'handedOver', actions: ['confirm'] });
		const confirmed = await use().request(`/requests/${request!.id}`, {
			method: 'PATCH',
			user: receiver,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ action: 'confirm' }),
		});
		expect(confirmed.status).toBe(200);
		const [after] = await requestsOf(use(), receiver);
		expect(after).toMatchObject({ state: 'confirmed', countsForImpact: true });
	});

	it('keeps a pending payment resumable, then pays it', async () => {
		const donor = await person();
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });
		const order = await orderFor(use(), receiver, item.id);
		expect(await payAs(use(), receiver, order.id, 'pending')).toMatchObject({ state: 'pending' });
		const resumed = await dataOf(await orderStep(use(), receiver, order.id, 'resume'));
		expect(resumed).toMatchObject({ state: 'pending', payment: { simulated: true } });
		expect(await payAs(use(), receiver, order.id, 'success')).toMatchObject({ state: 'paid' });
		// A late "pending" after the payment changes nothing.
		expect(await payAs(use(), receiver, order.id, 'pending')).toMatchObject({ state: 'paid' });
	});

	it.each([
		['cancelled', 'cancelled'],
		['failed', 'failed'],
		['error', 'error'],
	] as const)('ends the order on a %s payment and holds nothing', async (outcome, state) => {
		const donor = await person();
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });
		const order = await orderFor(use(), receiver, item.id);
		expect(await payAs(use(), receiver, order.id, outcome)).toMatchObject({ state, actions: [] });
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 0,
		});
		const [request] = await requestsOf(use(), receiver);
		expect(request).toMatchObject({ state: 'withdrawn' });
		// The receiver may order again.
		await orderFor(use(), receiver, item.id);
	});

	it('refunds on a cancel before shipping and on a donor decline, freeing the quantity', async () => {
		const donor = await person();
		const receiver = await person();
		const other = await person();
		const item = await createItemFor(use(), donor, { quantity: '2' });
		const first = await orderFor(use(), receiver, item.id);
		await payAs(use(), receiver, first.id, 'success');
		const cancelled = await dataOf(await orderStep(use(), receiver, first.id, 'cancel'));
		expect(cancelled).toMatchObject({ state: 'refunded' });
		expect(await getItem(use(), item.id)).toMatchObject({ reservedQuantity: 0 });
		expect((await notificationsOf(use(), donor)).notifications[0]?.kind).toBe('orderCancelled');

		const second = await orderFor(use(), other, item.id);
		await payAs(use(), other, second.id, 'success');
		const refused = await orderStep(use(), other, second.id, 'decline', { reason: 'other' });
		expect(refused.status).toBe(403);
		const bad = await orderStep(use(), donor, second.id, 'decline', { reason: 'because' });
		expect(bad.status).toBe(400);
		const declined = await dataOf(
			await orderStep(use(), donor, second.id, 'decline', { reason: 'notAvailable' }),
		);
		expect(declined).toMatchObject({ state: 'refunded', declineReason: 'notAvailable' });
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 0,
		});
		const [note] = (await notificationsOf(use(), other)).notifications;
		expect(note).toMatchObject({ kind: 'orderDeclined', path: '/my-requests' });
	});

	it('refuses a changed or unknown rate, an own item and strangers', async () => {
		const donor = await person();
		const receiver = await person();
		const stranger = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });
		const input = await orderInput(use(), item.id);

		const cheaper = await postOrder(use(), receiver, item.id, { ...input, ratePrice: 1000 });
		expect(cheaper.status).toBe(422);
		expect(((await cheaper.json()) as { error: { code: string } }).error.code).toBe(
			'INVALID_COURIER',
		);
		const insured = await orderInput(use(), item.id, { insurance: true });
		expect(insured.rateInsuranceFee).toBeGreaterThan(0);
		const cheaperInsurance = await postOrder(use(), receiver, item.id, {
			...insured,
			rateInsuranceFee: insured.rateInsuranceFee! - 1,
		});
		expect(cheaperInsurance.status).toBe(422);
		expect(((await cheaperInsurance.json()) as { error: { code: string } }).error.code).toBe(
			'INVALID_COURIER',
		);
		const unknown = await postOrder(use(), receiver, item.id, { ...input, serviceCode: 'kilat' });
		expect(unknown.status).toBe(422);
		const invalid = await postOrder(use(), receiver, item.id, { ...input, postalCode: '12' });
		expect(invalid.status).toBe(400);
		expect(((await invalid.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
			'postalCode',
		);
		const own = await postOrder(use(), donor, item.id, input);
		expect(own.status).toBe(409);
		const rows = await use().server.db.select().from(courierOrders);
		expect(rows.filter((row) => row.itemId === item.id)).toHaveLength(0);

		const order = await orderFor(use(), receiver, item.id);
		const peek = await use().request(`/courier-orders/${order.id}`, { user: stranger });
		expect(peek.status).toBe(403);
		const pay = await orderStep(use(), stranger, order.id, 'simulated-payment', {
			outcome: 'success',
		});
		expect(pay.status).toBe(403);
		const ready = await orderStep(use(), donor, order.id, 'ready');
		expect(ready.status).toBe(409);
	});

	it('expires an unpaid order after its window; a settlement after that goes to review', async () => {
		const donor = await person();
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '1' });
		const order = await orderFor(use(), receiver, item.id);
		const { expired } = await orderUpkeep(use().server, new Date(Date.now() + 25 * 60 * 60_000));
		expect(expired).toBeGreaterThanOrEqual(1);
		expect((await orderOf(use(), receiver, order.id)).state).toBe('expired');
		const late = await payAs(use(), receiver, order.id, 'success');
		expect(late.state).toBe('review');
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 0,
		});
	});

	it('keeps an item with a paid order from being given away or deleted', async () => {
		const donor = await person();
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '2' });
		const order = await orderFor(use(), receiver, item.id);
		const removal = await use().request(`/items/${item.id}`, { method: 'DELETE', user: donor });
		expect(removal.status).toBe(409);
		await payAs(use(), receiver, order.id, 'success');
		const toggle = await use().request(`/items/${item.id}/toggle-status`, {
			method: 'PATCH',
			user: donor,
		});
		expect(toggle.status).toBe(409);
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 1,
		});
		expect((await orderOf(use(), receiver, order.id)).state).toBe('paid');
	});

	it('counts courier requests towards the requests a receiver may have in progress', async () => {
		const donor = await person();
		const receiver = await person();
		const listed = [];
		for (let index = 0; index < requestLimits.activePerReceiver + 1; index += 1) {
			listed.push(await createItemFor(use(), donor, { quantity: '1' }));
		}
		for (const item of listed.slice(0, -1)) await orderFor(use(), receiver, item.id);
		await use().server.rateLimiter.reset(`write:user:${receiver.id}`);
		const last = listed.at(-1)!;
		const refused = await postOrder(use(), receiver, last.id, await orderInput(use(), last.id));
		expect(refused.status).toBe(409);
		expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
			'REQUEST_LIMIT',
		);
	});
});
