/**
 * Requests and the givings they become (docs/product-rules.md#givings): the states, who may move
 * a request from one to the next, and what the API shows. Safe in the browser.
 */

import type { z } from 'zod/mini';
import type { requestSchema } from './requests.routes';

export const requestStates = [
	'open',
	'reserved',
	'handedOver',
	'confirmed',
	'declined',
	'withdrawn',
	'expired',
] as const;
export type RequestState = (typeof requestStates)[number];

/** States a request is still in progress in: one per receiver and item. */
export const activeRequestStates = ['open', 'reserved', 'handedOver'] as const;

export const requestActions = [
	'reserve',
	'decline',
	'handOver',
	'withdraw',
	'confirm',
	'dispute',
	'extend',
	'reportNoShow',
] as const;
export type RequestAction = (typeof requestActions)[number];

/** Who moves a request: the item's donor or the receiver who asked. */
export type RequestActor = 'donor' | 'receiver';

/**
 * The state machine: each action, the states it may start from, the state it leads to and the
 * one person who may take it. A receiver who went to collect and found no one ends the
 * reservation with `reportNoShow`, recorded against the donor (`donorNoShow`). A dispute ("I did not receive it") gives the quantity back to the
 * reservation and counts the dispute on the request.
 */
export const requestTransitions: Record<
	RequestAction,
	{ from: readonly RequestState[]; to: RequestState; actor: RequestActor }
> = {
	reserve: { from: ['open'], to: 'reserved', actor: 'donor' },
	decline: { from: ['open', 'reserved'], to: 'declined', actor: 'donor' },
	handOver: { from: ['reserved'], to: 'handedOver', actor: 'donor' },
	withdraw: { from: ['open', 'reserved'], to: 'withdrawn', actor: 'receiver' },
	confirm: { from: ['handedOver'], to: 'confirmed', actor: 'receiver' },
	dispute: { from: ['handedOver'], to: 'reserved', actor: 'receiver' },
	extend: { from: ['reserved'], to: 'reserved', actor: 'donor' },
	reportNoShow: { from: ['reserved'], to: 'withdrawn', actor: 'receiver' },
};

/** The actions `actor` may take on a request in `state`, in the order screens offer them. */
export function actionsFor(state: RequestState, actor: RequestActor): RequestAction[] {
	return requestActions.filter((action) => {
		const transition = requestTransitions[action];
		return transition.actor === actor && transition.from.includes(state);
	});
}

/**
 * What the two people may do to a courier request themselves: only confirm receiving the parcel.
 * Everything before (payment, decline, cancel, shipment) goes through its courier order.
 */
export const courierRequestActions: readonly RequestAction[] = ['confirm'];

/** The actions `actor` may take on a request of `method` in `state`. */
export function requestActionsFor(
	state: RequestState,
	actor: RequestActor,
	method: ItemRequest['method'],
): RequestAction[] {
	const actions = actionsFor(state, actor);
	return method === 'courier'
		? actions.filter((action) => courierRequestActions.includes(action))
		: actions;
}

/** Reasons a donor may give when declining; the receiver sees it in their language. */
export const declineReasons = ['givenToOther', 'notAvailable', 'noShow', 'other'] as const;
export type DeclineReason = (typeof declineReasons)[number];

/**
 * The reason kept on a request the receiver ended because the donor did not answer or was not
 * there: a no-show of the donor's, as a decline for `noShow` is one of the receiver's.
 */
export const donorNoShow = 'donorNoShow';

/**
 * Why the site closed a request itself: the donor marked the item given away, nothing is left,
 * or the donor blocked its receiver.
 */
export const closingReasons = ['givenAway', 'noneLeft', 'blocked'] as const;

/**
 * Why a courier request ended before its order was paid, kept with the request: the payment was
 * cancelled, failed, went wrong, or its time ran out. The receiver did not withdraw it themselves.
 */
export const unpaidEndings = {
	cancelled: 'paymentCancelled',
	failed: 'paymentFailed',
	error: 'paymentError',
	expired: 'paymentExpired',
} as const;
export type UnpaidEnding = (typeof unpaidEndings)[keyof typeof unpaidEndings];

/** A request as the API returns it, to its receiver or to the item's donor. */
export type ItemRequest = z.output<typeof requestSchema>;
