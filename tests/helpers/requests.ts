import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { reservationUpkeep } from '~/app/maintenance';
import type { Item } from '~/features/items/items';
import type { ItemRequest, RequestAction, RequestState } from '~/features/requests/requests';
import { itemRequests } from '~/server/db/schema';
import type { NotificationList } from '~/features/notifications/notifications';
import { createItemFor } from './items';
import type { TestServer, TestUser } from './test-server';

/** `POST /items/{id}/requests` as `user`, in `language` when given. */
export function askFor(
	test: TestServer,
	user: TestUser | null,
	itemId: number | string,
	body: unknown,
	language?: string,
): Promise<Response> {
	return test.request(`/items/${itemId}/requests`, {
		method: 'POST',
		user,
		headers: {
			'Content-Type': 'application/json',
			...(language ? { 'Accept-Language': language } : {}),
		},
		body: JSON.stringify(body),
	});
}

/** Asks for `quantity` of the item and expects the request (201 new, 200 updated). */
export async function ask(
	test: TestServer,
	user: TestUser,
	itemId: number,
	quantity = 1,
): Promise<ItemRequest> {
	const response = await askFor(test, user, itemId, { quantity });
	const body = await response.json();
	expect([200, 201], JSON.stringify(body)).toContain(response.status);
	return body.data as ItemRequest;
}

export interface RequestChangeBody {
	action: RequestAction;
	quantity?: number;
	reason?: string;
	pickupFrom?: string;
	pickupUntil?: string;
	pickupPlace?: string;
}

/** `PATCH /requests/{id}` as `user`, in `language` when given. */
export function changeFor(
	test: TestServer,
	user: TestUser | null,
	requestId: number,
	change: RequestChangeBody,
	language?: string,
): Promise<Response> {
	return test.request(`/requests/${requestId}`, {
		method: 'PATCH',
		user,
		headers: {
			'Content-Type': 'application/json',
			...(language ? { 'Accept-Language': language } : {}),
		},
		body: JSON.stringify(change),
	});
}

/** Takes one step of the request and expects it to succeed; returns the request after it. */
export async function act(
	test: TestServer,
	user: TestUser,
	requestId: number,
	change: RequestChangeBody | RequestAction,
): Promise<ItemRequest> {
	const response = await changeFor(
		test,
		user,
		requestId,
		typeof change === 'string' ? { action: change } : change,
	);
	const body = await response.json();
	expect(response.status, JSON.stringify(body)).toBe(200);
	return body.data as ItemRequest;
}

/** `GET /requests/mine`, for one item when given. */
export async function requestsOf(
	test: TestServer,
	receiver: TestUser,
	itemId?: number,
): Promise<ItemRequest[]> {
	const response = await test.request(`/requests/mine${itemId ? `?item=${itemId}` : ''}`, {
		user: receiver,
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: ItemRequest[] }).data;
}

/** `GET /items/{id}/requests` as the item's donor (which marks them seen). */
export async function requestsForItem(
	test: TestServer,
	donor: TestUser,
	itemId: number,
): Promise<ItemRequest[]> {
	const response = await test.request(`/items/${itemId}/requests`, { user: donor });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: ItemRequest[] }).data;
}

/** `GET /notifications` as `user`, in `language` when given (else Indonesian). */
export async function notificationsOf(
	test: TestServer,
	user: TestUser,
	language?: string,
): Promise<NotificationList> {
	const response = await test.request('/notifications', {
		user,
		headers: language ? { 'Accept-Language': language } : {},
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: NotificationList }).data;
}

/** The notifications `user` has received since `before` was read, oldest first. */
export async function newNotifications(
	test: TestServer,
	user: TestUser,
	before: NotificationList,
	language = 'en',
) {
	const seen = new Set(before.notifications.map((notification) => notification.id));
	const { notifications } = await notificationsOf(test, user, language);
	return notifications.filter((notification) => !seen.has(notification.id)).reverse();
}

/** Moves a hand-over's time back by `ms`, as if it had been made that long ago. */
export async function backdateHandOver(test: TestServer, requestId: number, ms: number) {
	const [request] = await test.server.db
		.select({ handedOverAt: itemRequests.handedOverAt })
		.from(itemRequests)
		.where(eq(itemRequests.id, requestId));
	await test.server.db
		.update(itemRequests)
		.set({ handedOverAt: new Date(request!.handedOverAt!.getTime() - ms) })
		.where(eq(itemRequests.id, requestId));
}

/** A request between a donor and a receiver, both with a complete profile, for one item. */
export interface Giving {
	donor: TestUser;
	receiver: TestUser;
	item: Item;
	request: ItemRequest;
}

/**
 * A fresh donor's item (of `itemQuantity`) asked for by a fresh receiver (`quantity`), brought
 * through the API to `state`. Reaching `expired` runs the reservation upkeep just after the
 * reservation's end, which also ends every other reservation due by then.
 */
export async function givingIn(
	test: TestServer,
	state: RequestState,
	{ quantity = 1, itemQuantity = 2 } = {},
): Promise<Giving> {
	const donor = await test.createUser({ complete: true, name: 'Ani Wijaya' });
	const receiver = await test.createUser({ complete: true, name: 'Budi Santoso' });
	const item = await createItemFor(test, donor, { quantity: String(itemQuantity) });
	let request = await ask(test, receiver, item.id, quantity);
	const steps: Record<RequestState, [TestUser, RequestAction][]> = {
		open: [],
		reserved: [[donor, 'reserve']],
		handedOver: [
			[donor, 'reserve'],
			[donor, 'handOver'],
		],
		confirmed: [
			[donor, 'reserve'],
			[donor, 'handOver'],
			[receiver, 'confirm'],
		],
		declined: [[donor, 'decline']],
		withdrawn: [[receiver, 'withdraw']],
		expired: [[donor, 'reserve']],
	};
	for (const [user, action] of steps[state]) request = await act(test, user, request.id, action);
	if (state === 'expired') {
		await reservationUpkeep(test.server, new Date(Date.parse(request.reservedUntil!) + 1));
		request = (await requestsOf(test, receiver, item.id))[0]!;
	}
	expect(request.state).toBe(state);
	return { donor, receiver, item, request };
}
