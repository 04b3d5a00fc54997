/** Requests as the API answers them, for tests of the receiver's and the donor's screens. */
import type { ItemRequest, RequestState } from '~/features/requests/requests';

/** What a request shows of its item: a chair, three left, none reserved. */
export const requestedChair: ItemRequest['item'] = {
	id: 7,
	name: 'Kursi lipat',
	status: 'AVAILABLE',
	photo: null,
	quantity: 3,
	reservedQuantity: 0,
	chooseAt: null,
};

/**
 * A request for the chair in `state` as its donor reads it (`GET /api/items/{id}/requests`),
 * from a receiver without a record yet; `item` overrides merge into the chair.
 */
export function requestFor(
	id: number,
	state: RequestState,
	overrides: Partial<Omit<ItemRequest, 'item'>> & { item?: Partial<ItemRequest['item']> } = {},
): ItemRequest {
	const { item, ...rest } = overrides;
	return {
		id,
		itemId: requestedChair.id,
		state,
		method: 'pickup',
		quantity: 1,
		givenQuantity: null,
		declineReason: null,
		disputes: 0,
		reservedUntil: null,
		createdAt: '2026-11-20T03:00:00.000Z',
		updatedAt: '2026-11-20T03:00:00.000Z',
		handedOverAt: null,
		confirmedAt: null,
		confirmBy: null,
		countsForImpact: false,
		noShowDispute: null,
		pickup: null,
		item: { ...requestedChair, ...item },
		receiver: {
			id: `receiver-${id}`,
			name: 'Budi Santoso',
			avatar: null,
			pickupsCompleted: 0,
			noShows: 0,
			recentlyReceived: 0,
			blocked: false,
		},
		isNew: false,
		actions: [],
		...rest,
	};
}

/** An open request for 2 of a chair with 3 left, the donor's phone included; `overrides` win. */
export function receiverRequest(overrides: Partial<ItemRequest> = {}): ItemRequest {
	return {
		id: 7,
		itemId: 42,
		state: 'open',
		method: 'pickup',
		quantity: 2,
		givenQuantity: null,
		declineReason: null,
		disputes: 0,
		reservedUntil: null,
		createdAt: '2026-11-20T03:00:00.000Z',
		updatedAt: '2026-11-20T03:00:00.000Z',
		handedOverAt: null,
		confirmedAt: null,
		confirmBy: null,
		countsForImpact: false,
		noShowDispute: null,
		pickup: null,
		item: {
			id: 42,
			name: 'Kursi lipat',
			status: 'AVAILABLE',
			photo: null,
			quantity: 3,
			reservedQuantity: 0,
			chooseAt: null,
		},
		donor: {
			id: 'u-donor',
			name: 'Ani Lestari',
			avatar: null,
			phone: '+6281234567890',
			blocked: false,
		},
		actions: ['withdraw'],
		...overrides,
	};
}
