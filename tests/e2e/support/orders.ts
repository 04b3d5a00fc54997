/** Courier orders for checks that need one: placed through the API, as the shipping form does. */
import type { APIRequestContext } from '@playwright/test';
import type { Area } from '../../../src/features/areas/areas';
import type {
	CourierOrder,
	OrderState,
	PaymentOutcome,
} from '../../../src/features/shipping/orders';
import type { RateQuote } from '../../../src/features/shipping/shipping';
import { expect, siteOrigin } from './accounts';

/**
 * An unpaid courier order of one of the item, to Sukasari (Bandung) at the first rate quoted,
 * placed by the receiver signed in on `request`.
 */
export async function placeCourierOrder(
	request: APIRequestContext,
	itemId: number,
): Promise<CourierOrder> {
	const search = await request.get('/api/shipping/areas/search?q=sukasari');
	const area = ((await search.json()) as { data: { areas: Area[] } }).data.areas[0]!;
	const quoted = await request.get(
		`/api/items/${itemId}/shipping-rates?destination_area_id=${area.id}&quantity=1&insurance=false`,
	);
	const rate = ((await quoted.json()) as { data: RateQuote }).data.rates[0]!;
	const response = await request.post(`/api/items/${itemId}/courier-orders`, {
		headers: { Origin: siteOrigin() },
		data: {
			recipientName: 'Siti Rahma',
			recipientPhone: '81234567890',
			areaId: area.id,
			province: area.administrative_division_level_1_name,
			city: area.administrative_division_level_2_name,
			district: area.administrative_division_level_3_name,
			village: 'Gegerkalong',
			postalCode: '40153',
			address: 'Jl. Sukasari No. 5, RT 02/RW 03',
			courierCode: rate.courierCode,
			serviceCode: rate.serviceCode,
			insurance: false,
			quantity: 1,
			ratePrice: rate.price,
			rateInsuranceFee: rate.insuranceFee,
		},
	});
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: CourierOrder }).data;
}

/** The order states the site can be brought to through its API; `expired` needs a day to pass. */
export type ReachableOrderState = Exclude<OrderState, 'expired'>;

/** `POST /api/courier-orders/{id}/<step>` as the person signed in on `request`. */
async function orderStep(
	request: APIRequestContext,
	orderId: string,
	step: 'simulated-payment' | 'ready' | 'cancel',
	data?: { outcome: PaymentOutcome },
): Promise<CourierOrder> {
	const response = await request.post(`/api/courier-orders/${orderId}/${step}`, {
		headers: { Origin: siteOrigin() },
		...(data ? { data } : {}),
	});
	expect(response.status(), await response.text()).toBe(200);
	return ((await response.json()) as { data: CourierOrder }).data;
}

/**
 * The receiver's courier orders, one in each state the site can reach without waiting a day:
 * the ones still in progress each of an item of its own from `newItem` (five at most, the
 * receiver's share of requests in progress), the ended ones one after another for one item.
 * The delivered one waits for the simulated courier (a few of its steps).
 */
export async function ordersInEveryState(
	receiver: APIRequestContext,
	donor: APIRequestContext,
	newItem: (state: string) => Promise<{ id: number }>,
): Promise<Record<ReachableOrderState, CourierOrder>> {
	const pay = (order: CourierOrder, outcome: PaymentOutcome) =>
		orderStep(receiver, order.id, 'simulated-payment', { outcome });
	const placed = async (state: string) => placeCourierOrder(receiver, (await newItem(state)).id);

	const delivered = await placed('delivered');
	await pay(delivered, 'success');
	await orderStep(donor, delivered.id, 'ready');
	const shipped = await orderStep(
		donor,
		(await pay(await placed('shipped'), 'success')).id,
		'ready',
	);
	const paid = await pay(await placed('paid'), 'success');
	const pending = await pay(await placed('pending'), 'pending');

	const ended = await newItem('ended');
	const again = () => placeCourierOrder(receiver, ended.id);
	const cancelled = await pay(await again(), 'cancelled');
	const failed = await pay(await again(), 'failed');
	const error = await pay(await again(), 'error');
	const refunded = await orderStep(receiver, (await pay(await again(), 'success')).id, 'cancel');
	// A payment that settles after its order was cancelled is checked by hand.
	const review = await pay(await pay(await again(), 'cancelled'), 'success');
	const awaitingPayment = await placed('awaitingPayment');

	// Looking at a shipped order brings its tracking up to date; the courier's steps are a second.
	let arrived = delivered;
	await expect
		.poll(
			async () => {
				const response = await receiver.get(`/api/courier-orders/${delivered.id}`);
				arrived = ((await response.json()) as { data: CourierOrder }).data;
				return arrived.state;
			},
			{ timeout: 20_000 },
		)
		.toBe('delivered');

	const orders = {
		...{ awaitingPayment, pending, paid, shipped, delivered: arrived },
		...{ cancelled, failed, error, refunded, review },
	};
	for (const [state, order] of Object.entries(orders)) expect(order.state, state).toBe(state);
	return orders;
}
