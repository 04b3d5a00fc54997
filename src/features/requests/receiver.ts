/**
 * The receiver's side of a request (docs/product-rules.md#givings): what they are told about it,
 * how /my-requests groups it, and when they may ask again. Safe in the browser.
 */
import { whatsappUrl } from '~/features/items/items';
import {
	activeRequestStates,
	closingReasons,
	type DeclineReason,
	donorNoShow,
	declineReasons,
	type ItemRequest,
	type RequestState,
	type UnpaidEnding,
	unpaidEndings,
} from './requests';

/** Whether the request is still in progress: open, reserved or handed over. */
export function inProgress(request: Pick<ItemRequest, 'state'>): boolean {
	return (activeRequestStates as readonly RequestState[]).includes(request.state);
}

/** The groups of /my-requests, in the order the page shows them. */
export const receiverGroups = ['toConfirm', 'reserved', 'waiting', 'finished'] as const;
export type ReceiverGroup = (typeof receiverGroups)[number];

/**
 * Where a request belongs on /my-requests: a hand-over still to confirm first, then what is
 * reserved, then what waits for the donor. A hand-over past its time to confirm is finished.
 */
export function groupOf(request: Pick<ItemRequest, 'state' | 'actions'>): ReceiverGroup {
	switch (request.state) {
		case 'handedOver':
			return request.actions.includes('confirm') ? 'toConfirm' : 'finished';
		case 'reserved':
			return 'reserved';
		case 'open':
			return 'waiting';
		default:
			return 'finished';
	}
}

/** The receiver's requests by group, groups in page order, each keeping the API's order. */
export function groupRequests<R extends Pick<ItemRequest, 'state' | 'actions'>>(
	requests: readonly R[],
): { group: ReceiverGroup; requests: R[] }[] {
	return receiverGroups
		.map((group) => ({ group, requests: requests.filter((request) => groupOf(request) === group) }))
		.filter((entry) => entry.requests.length > 0);
}

/**
 * The request an item's page tells its viewer about, of their requests for it (newest first):
 * the one in progress (there is at most one), else the latest, else none.
 */
export function currentRequest<R extends Pick<ItemRequest, 'state'>>(
	requests: readonly R[] | undefined,
): R | null {
	if (!requests || requests.length === 0) return null;
	return requests.find(inProgress) ?? requests[0]!;
}

/** Whether the receiver may ask anew after this request: it ended without a giving. */
export function endedWithoutGiving(request: Pick<ItemRequest, 'state'>): boolean {
	return (
		request.state === 'declined' || request.state === 'withdrawn' || request.state === 'expired'
	);
}

/** What the receiver is told about a request: a key of `myRequests.status` and its values. */
export type ReceiverStatus =
	| { key: 'open' | 'waitingList'; count: number }
	| { key: 'reserved'; count: number; until: string }
	| { key: 'reservedByOrder'; count: number }
	| { key: 'handedOver'; count: number; confirmBy: string }
	| { key: 'unconfirmed' | 'confirmed'; count: number }
	| { key: 'declinedWithReason'; reason: DeclineReason }
	| { key: 'closed'; reason: (typeof closingReasons)[number] }
	| { key: 'declined' | 'withdrawn' | 'expired' | 'donorNoShow' }
	| { key: UnpaidEnding };

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
	value !== null && (values as readonly string[]).includes(value);

/**
 * The sentence a request's state calls for. An open request on a RESERVED item is a place on its
 * waiting list; a hand-over counts what was given; a request the site closed (the item given
 * away, nothing left) says so rather than blaming the donor.
 */
export function receiverStatus(
	request: Pick<
		ItemRequest,
		| 'state'
		| 'quantity'
		| 'givenQuantity'
		| 'declineReason'
		| 'reservedUntil'
		| 'confirmBy'
		| 'actions'
	> & { item: Pick<ItemRequest['item'], 'status'> },
): ReceiverStatus {
	const given = request.givenQuantity ?? request.quantity;
	switch (request.state) {
		case 'open':
			return {
				key: request.item.status === 'RESERVED' ? 'waitingList' : 'open',
				count: request.quantity,
			};
		// A reservation made by hand has its end; one a paid courier order holds has none, as it
		// lasts until the parcel arrives or the order ends. A hand-over always has its time to confirm.
		case 'reserved':
			return request.reservedUntil === null
				? { key: 'reservedByOrder', count: request.quantity }
				: { key: 'reserved', count: request.quantity, until: request.reservedUntil };
		case 'handedOver':
			return request.actions.includes('confirm')
				? { key: 'handedOver', count: given, confirmBy: request.confirmBy! }
				: { key: 'unconfirmed', count: given };
		case 'confirmed':
			return { key: 'confirmed', count: given };
		case 'declined':
			if (isOneOf(closingReasons, request.declineReason)) {
				return { key: 'closed', reason: request.declineReason };
			}
			return isOneOf(declineReasons, request.declineReason)
				? { key: 'declinedWithReason', reason: request.declineReason }
				: { key: 'declined' };
		// A courier request whose order ended unpaid says what became of the payment; one the
		// receiver ended as the donor's no-show says so.
		case 'withdrawn':
		case 'expired':
			if (request.declineReason === donorNoShow) return { key: 'donorNoShow' };
			return isOneOf(Object.values(unpaidEndings), request.declineReason)
				? { key: request.declineReason }
				: { key: request.state };
		default:
			return { key: request.state };
	}
}

/**
 * The WhatsApp chat with the donor about a request, `message` prefilled: only while the request
 * is in progress and the API gave the receiver the donor's phone.
 */
export function donorChatUrl(
	request: Pick<ItemRequest, 'state' | 'donor'>,
	message: string,
): string | null {
	const phone = request.donor?.phone;
	return phone && inProgress(request) ? whatsappUrl(phone, message) : null;
}

/**
 * The requests as a page's HTML may carry them: without the donors' phones, which only the API
 * hands out (decision 006); the island reads them on mount.
 */
export function withoutPhones(requests: readonly ItemRequest[]): ItemRequest[] {
	return requests.map(({ donor, ...request }) => {
		if (!donor) return request;
		const { phone: _phone, ...shown } = donor;
		return { ...request, donor: shown };
	});
}
