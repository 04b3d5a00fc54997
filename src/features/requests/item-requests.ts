/**
 * The donor's side of an item's requests (docs/product-rules.md#givings): what the requests page
 * shows of the item, which requests are still in progress, how much may be reserved or handed
 * over, and how a refused change is explained. Safe in the browser.
 */
import type { ParseKeys, TFunction } from 'i18next';
import { type ItemPhoto, type ItemStatus, unreservedQuantity } from '~/features/items/items';
import { ApiError } from '~/lib/api-client';
import {
	activeRequestStates,
	type DeclineReason,
	type ItemRequest,
	type RequestAction,
} from './requests';

/** The steps a donor takes (`requestTransitions`' donor side). */
export type DonorAction = Extract<RequestAction, 'reserve' | 'decline' | 'handOver' | 'extend'>;

/** What the donor sends to move a request on (`PATCH /api/requests/{id}`). */
export interface RequestChange {
	action: DonorAction;
	/** For `reserve` and `handOver`: fewer than asked or reserved. */
	quantity?: number;
	/** For `decline`. */
	reason?: DeclineReason;
	/** For `reserve`: a pickup time agreed at once, and its place. */
	pickupFrom?: string;
	pickupUntil?: string;
	pickupPlace?: string;
}

/** The item at the top of its requests page. */
export interface RequestedItem {
	id: number;
	name: string;
	status: ItemStatus;
	/** What is left to give, and of it what reservations hold. */
	quantity: number;
	reservedQuantity: number;
	cover: ItemPhoto | null;
}

/**
 * What is left of the item and how much of it reservations hold, as a person says it: "2 left",
 * "3 left, 1 of them reserved", "All 2 are reserved", or of a single one, "It is reserved".
 */
export function stockFigures(
	item: Pick<RequestedItem, 'quantity' | 'reservedQuantity'>,
	t: TFunction,
): string {
	const { quantity: count, reservedQuantity: reserved } = item;
	if (reserved === 0) return t('itemRequests.figures.left', { count });
	if (reserved < count) return t('itemRequests.figures.someReserved', { count, reserved });
	return count === 1
		? t('itemRequests.figures.reservedIt')
		: t('itemRequests.figures.allReserved', { count });
}

/**
 * The item as the latest list of requests knows it: every request carries the item's status and
 * quantities as they are now, which change with each reservation and hand-over. The page's own
 * copy stands while there are no requests.
 */
export function currentItem(
	page: RequestedItem,
	requests: ItemRequest[] | undefined,
): RequestedItem {
	const latest = requests?.[0]?.item;
	if (!latest) return page;
	return {
		...page,
		status: latest.status as ItemStatus,
		quantity: latest.quantity,
		reservedQuantity: latest.reservedQuantity,
	};
}

/**
 * The list with the "new" marks of `previous` kept: opening the list marks its requests seen, so
 * a later read (after a change, or on focus) would lose them while the donor is still looking.
 */
export function keepNewMarks(
	previous: ItemRequest[] | undefined,
	next: ItemRequest[],
): ItemRequest[] {
	const wereNew = new Set(previous?.filter((request) => request.isNew).map(({ id }) => id));
	return next.map((request) =>
		!request.isNew && wereNew.has(request.id) && isInProgress(request)
			? { ...request, isNew: true }
			: request,
	);
}

/** Whether the request still waits on someone: open, reserved, or handed over and unconfirmed. */
export function isInProgress(request: Pick<ItemRequest, 'state'>): boolean {
	return (activeRequestStates as readonly string[]).includes(request.state);
}

/** The requests still in progress, and the ones that ended, each in the server's order. */
export function splitRequests(requests: ItemRequest[]): {
	inProgress: ItemRequest[];
	earlier: ItemRequest[];
} {
	return {
		inProgress: requests.filter(isInProgress),
		earlier: requests.filter((request) => !isInProgress(request)),
	};
}

/**
 * The most the donor may reserve for this request now: what was asked, at most what is not yet
 * reserved for others; none while the item is not AVAILABLE (the request waits in line).
 */
export function reservableQuantity(request: Pick<ItemRequest, 'quantity' | 'item'>): number {
	if (request.item.status !== 'AVAILABLE') return 0;
	return Math.min(request.quantity, unreservedQuantity(request.item));
}

/** What the request counts now: asked for, reserved, or handed over. */
export function requestQuantity(
	request: Pick<ItemRequest, 'quantity' | 'givenQuantity' | 'state'>,
): number {
	return request.state === 'handedOver' || request.state === 'confirmed'
		? (request.givenQuantity ?? request.quantity)
		: request.quantity;
}

/**
 * Why a change was refused, said once: a field's rule (`requests.errors.*`) in the page's
 * language, else the server's message (a `REQUEST_CONFLICT` names what changed), else `fallback`.
 */
export function refusalMessage(error: unknown, t: TFunction, fallback: string): string {
	if (!(error instanceof ApiError)) return fallback;
	const message = error.message || fallback;
	const field = Object.values(error.fields)[0];
	return field ? t(field as ParseKeys, { defaultValue: message }) : message;
}
