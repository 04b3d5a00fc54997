import { expect } from 'vitest';
import { quoteRates } from '~/features/shipping/rates.server';
import type { CourierOrder, PaymentOutcome } from '~/features/shipping/orders';
import type { TestServer, TestUser } from './test-server';

/** A destination of the embedded directory other than the test donors' own district. */
export const destination = {
	areaId: '32.73.01',
	province: 'Jawa Barat',
	city: 'Kota Bandung',
	district: 'Sukasari',
	village: 'Gegerkalong',
	postalCode: '40153',
};

/** The shipping form, valid, for `quantity` by the cheapest service the server quotes now. */
export async function orderInput(
	test: TestServer,
	itemId: number,
	{ quantity = 1, insurance = false } = {},
) {
	const rates = await quoteRates(test.server, {
		itemId,
		destinationAreaId: destination.areaId,
		quantity,
		insurance,
	});
	const rate = rates[0]!;
	return {
		recipientName: 'Siti Rahma',
		recipientPhone: '081234567890',
		...destination,
		address: 'Jl. Sukasari No. 5, RT 02/RW 03',
		courierCode: rate.courierCode,
		serviceCode: rate.serviceCode,
		insurance,
		quantity,
		ratePrice: rate.price,
		rateInsuranceFee: rate.insuranceFee,
	};
}

/** `POST /items/{id}/courier-orders` as `user`. */
export function postOrder(test: TestServer, user: TestUser, itemId: number, body: unknown) {
	return test.request(`/items/${itemId}/courier-orders`, {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** A new unpaid order by `receiver` for one unit of the item. */
export async function orderFor(
	test: TestServer,
	receiver: TestUser,
	itemId: number,
	options: { quantity?: number; insurance?: boolean } = {},
): Promise<CourierOrder> {
	const response = await postOrder(test, receiver, itemId, await orderInput(test, itemId, options));
	const body = (await response.json()) as { data: CourierOrder };
	expect(response.status, JSON.stringify(body)).toBe(201);
	return body.data;
}

/** `POST /courier-orders/{id}/<step>` as `user`, with an optional JSON body. */
export function orderStep(
	test: TestServer,
	user: TestUser,
	orderId: string,
	step: 'resume' | 'cancel' | 'decline' | 'ready' | 'simulated-payment',
	body?: unknown,
) {
	return test.request(`/courier-orders/${orderId}/${step}`, {
		method: 'POST',
		user,
		...(body === undefined
			? {}
			: { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
	});
}

/** Pays on the built-in page with `outcome` and answers the order after it. */
export async function payAs(
	test: TestServer,
	receiver: TestUser,
	orderId: string,
	outcome: PaymentOutcome,
): Promise<CourierOrder> {
	const response = await orderStep(test, receiver, orderId, 'simulated-payment', { outcome });
	const body = (await response.json()) as { data: CourierOrder };
	expect(response.status, JSON.stringify(body)).toBe(200);
	return body.data;
}

/** The order as `user` sees it. */
export async function orderOf(test: TestServer, user: TestUser, orderId: string) {
	const response = await test.request(`/courier-orders/${orderId}`, { user });
	const body = (await response.json()) as { data: CourierOrder };
	expect(response.status, JSON.stringify(body)).toBe(200);
	return body.data;
}
