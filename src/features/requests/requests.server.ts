import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { collusionLimits, requestLimits } from '~/config/limits';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, users } from '~/server/db/schema';
import type { Locale } from '~/lib/i18n/locales';
import { AppError } from '~/server/http/errors';
import { notify } from '~/features/notifications/notifications.server';
import {
	closeActiveRequests,
	lockItem,
	saveItemQuantities,
	unreserved,
} from '~/features/items/item-stock.server';
import { chooseLater, refuseAtReceivedLimit } from './received-limit.server';
import { takeReceiverTurn } from './receiver-turn.server';
import { checkedPickup, pickupNotice, reservedUntilWith } from './pickup.server';
import { countedConfirmations, jakartaDayStart, type RequestRow } from './request-rules.server';
import type { changeBody } from './requests.routes';
import {
	courierRequestActions,
	donorNoShow,
	type RequestAction,
	type RequestActor,
	requestTransitions,
} from './requests';

const conflict = (key: string, values?: Record<string, string | number>) =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, {
		key: `requests.errors.${key}`,
		...(values ? { values } : {}),
	});

/** Holds the user's row until the transaction ends, so their own writes take turns. */
async function lockUser(tx: Transaction, userId: string): Promise<void> {
	await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A step on a request; `quantity` for `reserve` and `handOver` (fewer than asked or reserved), `reason` for `decline`. */
export type RequestChange = z.output<typeof changeBody>;

/** The one person who may take an action, or null for anyone else. */
function actorOf(request: RequestRow, userId: string): RequestActor | null {
	if (request.donorId === userId) return 'donor';
	if (request.receiverId === userId) return 'receiver';
	return null;
}

/**
 * `PATCH /requests/{id}`: one step of the request's state machine (`requestTransitions`), taken
 * by the one person it belongs to, with the item's quantities, status and both sides'
 * notifications changed in the same transaction. The item's row is locked first, so concurrent
 * reservations and hand-overs of one item take turns and never over-reserve.
 */
export async function changeRequest(
	db: Database,
	user: UserRow,
	requestId: number,
	change: RequestChange,
	now = new Date(),
	locale: Locale = 'id',
): Promise<void> {
	const [found] = Number.isSafeInteger(requestId)
		? await db
				.select({ itemId: itemRequests.itemId, receiverId: itemRequests.receiverId })
				.from(itemRequests)
				.where(eq(itemRequests.id, requestId))
		: [];
	if (!found) throw new AppError('NOT_FOUND');
	// A pickup time goes with a reservation; a reserved request's has its own route.
	const pickupField = (['pickupFrom', 'pickupUntil', 'pickupPlace'] as const).find(
		(field) => change[field] !== undefined,
	);
	if (change.action !== 'reserve' && pickupField) {
		throw new AppError('VALIDATION_ERROR', {
			[pickupField]: 'pickup.errors.pickupOnlyReserving',
		});
	}
	await db.transaction(async (tx) => {
		// A reservation counts towards its receiver's hand-overs: two donors reserving for one
		// receiver at once take the receiver's turn, before the item's row as asking does.
		if (change.action === 'reserve') await takeReceiverTurn(tx, found.receiverId);
		const item = await lockItem(tx, found.itemId);
		const [request] = await tx
			.select()
			.from(itemRequests)
			.where(eq(itemRequests.id, requestId))
			.for('update');
		if (!request) throw new AppError('NOT_FOUND');
		const transition = requestTransitions[change.action];
		if (actorOf(request, user.id) !== transition.actor) throw new AppError('FORBIDDEN');
		if (!transition.from.includes(request.state as never)) throw conflict('wrongState');
		if (request.method === 'courier' && !courierRequestActions.includes(change.action)) {
			throw conflict('courierOrder');
		}
		const step = steps[change.action];
		await step({ tx, item, request, change, now, user, locale });
	});
}

interface Step {
	tx: Transaction;
	item: Awaited<ReturnType<typeof lockItem>>;
	request: RequestRow;
	change: RequestChange;
	now: Date;
	user: UserRow;
	locale: Locale;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** The request's notification for the other side, naming the item and the actor. */
function told(step: Step, userId: string, kind: Parameters<typeof notify>[1]['kind'], extra = {}) {
	return notify(step.tx, {
		userId,
		kind,
		itemId: step.item.id,
		requestId: step.request.id,
		data: { item: step.item.name, name: step.user.name ?? '', ...extra },
	});
}

/** Whether a hand-over is still within the time its receiver has to confirm or dispute it. */
function stillConfirmable(request: RequestRow, now: Date): boolean {
	const handedOverAt = request.handedOverAt?.getTime() ?? 0;
	return now.getTime() < handedOverAt + requestLimits.confirmWithinMs;
}

/** Ends an open or reserved request, freeing what its reservation held. */
async function closeRequest(
	{ tx, item, request, now }: Step,
	state: 'declined' | 'withdrawn',
	declineReason: string | null,
): Promise<void> {
	await tx
		.update(itemRequests)
		.set({ state, declineReason, reservedUntil: null, closedAt: now, updatedAt: now })
		.where(eq(itemRequests.id, request.id));
	if (request.state !== 'reserved') return;
	const reserved = item.reservedQuantity - request.quantity;
	await saveItemQuantities(tx, item, item.quantity, reserved, now);
}

const steps: Record<RequestAction, (step: Step) => Promise<void>> = {
	async reserve(step) {
		const { tx, item, request, change, now, locale } = step;
		const quantity = change.quantity ?? request.quantity;
		if (quantity > request.quantity) {
			throw new AppError('VALIDATION_ERROR', { quantity: 'requests.errors.quantityOverAsked' });
		}
		// A donor who chose to wait lets requests gather until then (docs/product-rules.md#choosing).
		if (item.chooseAt && now < item.chooseAt) throw chooseLater(item.chooseAt, now, locale);
		// A pickup time may be agreed at once; the reservation then lasts until its window ends.
		const pickup = checkedPickup(change, now);
		if (item.status !== 'AVAILABLE' || quantity > unreserved(item)) {
			throw conflict('notEnoughLeft', { count: Math.max(0, unreserved(item)) });
		}
		await refuseAtReceivedLimit(tx, request.receiverId, 'donor', now, locale);
		const reservedUntil = later(now, requestLimits.reservationMs);
		await tx
			.update(itemRequests)
			.set({
				state: 'reserved',
				quantity,
				reservedAt: now,
				reservedUntil: pickup ? reservedUntilWith(reservedUntil, pickup) : reservedUntil,
				expiryWarnedAt: null,
				pickupFrom: pickup?.pickupFrom ?? null,
				pickupUntil: pickup?.pickupUntil ?? null,
				pickupPlace: pickup?.pickupPlace ?? null,
				updatedAt: now,
			})
			.where(eq(itemRequests.id, request.id));
		await saveItemQuantities(tx, item, item.quantity, item.reservedQuantity + quantity, now);
		await told(step, request.receiverId, 'requestReserved', { count: quantity });
		if (pickup) {
			await told(step, request.receiverId, 'pickupSet', pickupNotice(pickup));
		}
	},

	async extend(step) {
		const { tx, request, now } = step;
		const from = Math.max(request.reservedUntil?.getTime() ?? 0, now.getTime());
		const reservedUntil = new Date(from + requestLimits.reservationMs);
		await tx
			.update(itemRequests)
			.set({ reservedUntil, expiryWarnedAt: null, updatedAt: now })
			.where(eq(itemRequests.id, request.id));
		await told(step, request.receiverId, 'reservationExtended');
	},

	async decline(step) {
		const { change, request } = step;
		await closeRequest(step, 'declined', change.reason ?? null);
		const reason = change.reason ? { reason: change.reason } : {};
		await told(step, request.receiverId, 'requestDeclined', reason);
	},

	async withdraw(step) {
		const { request } = step;
		await closeRequest(step, 'withdrawn', null);
		await told(step, request.donorId, 'requestWithdrawn', { count: request.quantity });
	},

	async reportNoShow(step) {
		const { request } = step;
		await closeRequest(step, 'withdrawn', donorNoShow);
		await told(step, request.donorId, 'donorNoShow', { count: request.quantity });
	},

	async handOver(step) {
		const { tx, item, request, change, now } = step;
		const given = change.quantity ?? request.quantity;
		if (given > request.quantity) {
			throw new AppError('VALIDATION_ERROR', { quantity: 'requests.errors.quantityOverReserved' });
		}
		await tx
			.update(itemRequests)
			.set({
				state: 'handedOver',
				givenQuantity: given,
				handedOverAt: now,
				reservedUntil: null,
				updatedAt: now,
			})
			.where(eq(itemRequests.id, request.id));
		const left = item.quantity - given;
		const status = await saveItemQuantities(
			tx,
			item,
			left,
			item.reservedQuantity - request.quantity,
			now,
		);
		if (status === 'DONATED') {
			await closeActiveRequests(tx, { ...item, quantity: left }, 'requestClosed', 'noneLeft', now);
		}
		await told(step, request.receiverId, 'handedOver', { count: given });
	},

	async confirm(step) {
		const { tx, request, now } = step;
		if (!stillConfirmable(request, now)) throw conflict('confirmWindowOver');
		// A receiver's confirmations take turns, so two at once cannot both pass a limit.
		await lockUser(tx, request.receiverId);
		const pairCount = await countedConfirmations(
			tx,
			sql`${itemRequests.donorId} = ${request.donorId}
				and ${itemRequests.receiverId} = ${request.receiverId}
				and ${itemRequests.confirmedAt} > ${later(now, -collusionLimits.pairWindowMs).toISOString()}::timestamptz`,
		);
		const dayCount = await countedConfirmations(
			tx,
			sql`${itemRequests.receiverId} = ${request.receiverId}
				and ${itemRequests.confirmedAt} >= ${jakartaDayStart(now).toISOString()}::timestamptz`,
		);
		const counts =
			pairCount < collusionLimits.perPair && dayCount < collusionLimits.perReceiverPerDay;
		await tx
			.update(itemRequests)
			.set({ state: 'confirmed', confirmedAt: now, countsForImpact: counts, updatedAt: now })
			.where(eq(itemRequests.id, request.id));
		await told(step, request.donorId, 'requestConfirmed', { count: request.givenQuantity ?? 1 });
	},

	async dispute(step) {
		const { tx, item, request, now } = step;
		if (!stillConfirmable(request, now)) throw conflict('confirmWindowOver');
		const given = request.givenQuantity ?? 0;
		await tx
			.update(itemRequests)
			.set({
				state: 'reserved',
				quantity: given,
				givenQuantity: null,
				handedOverAt: null,
				disputes: request.disputes + 1,
				reservedUntil: later(now, requestLimits.reservationMs),
				// The time they agreed has passed: a new one is agreed for the new hand-over.
				pickupFrom: null,
				pickupUntil: null,
				pickupPlace: null,
				expiryWarnedAt: null,
				updatedAt: now,
			})
			.where(eq(itemRequests.id, request.id));
		await saveItemQuantities(tx, item, item.quantity + given, item.reservedQuantity + given, now);
		await told(step, request.donorId, 'requestDisputed', { count: given });
	},
};
