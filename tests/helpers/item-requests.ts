/** Requests as the API answers them to their receiver, for tests of the receiver's screens. */
import type { ItemRequest } from '~/features/requests/requests';

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
		item: {
			id: 42,
			name: 'Kursi lipat',
			status: 'AVAILABLE',
			photo: null,
			quantity: 3,
			reservedQuantity: 0,
		},
		donor: { id: 'u-donor', name: 'Ani Lestari', avatar: null, phone: '+6281234567890' },
		actions: ['withdraw'],
		...overrides,
	};
}
