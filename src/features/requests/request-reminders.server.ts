import {
	and,
	eq,
	gte,
	inArray,
	isNotNull,
	isNull,
	lt,
	lte,
	notExists,
	or,
	sql,
	type SQL,
} from 'drizzle-orm';
import { pickupLimits, reminderLimits, requestLimits } from '~/config/limits';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, items, requestReminders, users } from '~/server/db/schema';
import { type NewNotification, notify } from '~/features/notifications/notifications.server';
import { confirmLinkKey, confirmLinkToken } from './confirm-link.server';
import { pickupNotice } from './pickup.server';
import type { RequestRow } from './request-rules.server';

/** The reminders a request may get, each at most once (`request_reminders`). */
export type ReminderName = 'unanswered' | 'handOverDue' | 'confirm1' | 'confirm2';

/** A request due a reminder, with what its texts name. */
interface Reminded {
	request: RequestRow;
	item: string;
	donorName: string;
	receiverName: string;
}

/**
 * Takes the requests `due` the reminder `name` and not reminded of it yet, records the reminder
 * for each (a conflict means another instance did) and returns those recorded here. The rows
 * stay locked until the transaction ends, so none moves on before it is told; a row another
 * change holds is left for the next round instead of waited for.
 */
async function recordReminders(tx: Transaction, name: ReminderName, due: SQL, now: Date) {
	const candidates = await tx
		.select()
		.from(itemRequests)
		.where(
			and(
				due,
				notExists(
					tx
						.select({ one: sql`1` })
						.from(requestReminders)
						.where(
							and(
								eq(requestReminders.requestId, itemRequests.id),
								eq(requestReminders.reminder, name),
							),
						),
				),
			),
		)
		.for('update', { skipLocked: true });
	if (candidates.length === 0) return [];
	const recorded = await tx
		.insert(requestReminders)
		.values(
			candidates.map((request) => ({ requestId: request.id, reminder: name, createdAt: now })),
		)
		.onConflictDoNothing()
		.returning({ requestId: requestReminders.requestId });
	const ids = new Set(recorded.map((row) => row.requestId));
	return withNames(
		tx,
		candidates.filter((request) => ids.has(request.id)),
	);
}

/** The item's and both people's names of each request, as the texts name them. */
async function withNames(tx: Transaction, requests: RequestRow[]): Promise<Reminded[]> {
	if (requests.length === 0) return [];
	const people = [...new Set(requests.flatMap((request) => [request.donorId, request.receiverId]))];
	const [itemNames, names] = await Promise.all([
		tx
			.select({ id: items.id, name: items.name })
			.from(items)
			.where(inArray(items.id, [...new Set(requests.map((request) => request.itemId))])),
		tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)),
	]);
	const itemName = new Map(itemNames.map((item) => [item.id, item.name]));
	const nameOf = new Map(names.map((person) => [person.id, person.name ?? '']));
	return requests.map((request) => ({
		request,
		item: itemName.get(request.itemId) ?? '',
		donorName: nameOf.get(request.donorId) ?? '',
		receiverName: nameOf.get(request.receiverId) ?? '',
	}));
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** A pickup request still open a day after it was made: its donor is asked to answer. */
async function remindUnanswered(tx: Transaction, now: Date): Promise<number> {
	const due = await recordReminders(
		tx,
		'unanswered',
		and(
			eq(itemRequests.state, 'open'),
			// A courier request waits for the receiver's payment, not for the donor.
			eq(itemRequests.method, 'pickup'),
			lt(itemRequests.createdAt, before(now, reminderLimits.unansweredMs)),
		)!,
		now,
	);
	await notify(
		tx,
		...due.map(({ request, item, receiverName }) => ({
			userId: request.donorId,
			kind: 'requestUnanswered' as const,
			itemId: request.itemId,
			requestId: request.id,
			data: { item, name: receiverName, count: request.quantity },
		})),
	);
	return due.length;
}

/**
 * A pickup reservation not handed over two days after it was made, or with a pickup time agreed,
 * two hours before its window starts: both sides are reminded to meet, at the agreed time and
 * place when there is one. When the reservation's expiry warning falls due as well (a
 * reservation never extended reaches both at once), that warning says the same, so a reminder
 * without an agreed time is recorded untold.
 */
async function remindHandOverDue(tx: Transaction, now: Date): Promise<number> {
	const due = await recordReminders(
		tx,
		'handOverDue',
		and(
			eq(itemRequests.state, 'reserved'),
			// A courier parcel's way is the courier order's.
			eq(itemRequests.method, 'pickup'),
			or(
				and(
					isNull(itemRequests.pickupFrom),
					lt(itemRequests.reservedAt, before(now, reminderLimits.handOverDueMs)),
				),
				and(
					isNotNull(itemRequests.pickupFrom),
					lte(itemRequests.pickupFrom, new Date(now.getTime() + pickupLimits.remindBeforeMs)),
				),
			),
		)!,
		now,
	);
	const warnedFrom = new Date(now.getTime() + requestLimits.expiryWarningMs);
	const told = due.filter(
		({ request }) =>
			request.pickupFrom !== null ||
			(request.expiryWarnedAt === null &&
				request.reservedUntil !== null &&
				request.reservedUntil >= warnedFrom),
	);
	await notify(
		tx,
		...told.flatMap(({ request, item, donorName, receiverName }): NewNotification[] => {
			const common = {
				kind: 'handOverDue' as const,
				itemId: request.itemId,
				requestId: request.id,
			};
			const { pickupFrom, pickupUntil, pickupPlace } = request;
			const pickup =
				pickupFrom && pickupUntil ? pickupNotice({ pickupFrom, pickupUntil, pickupPlace }) : {};
			const data = { item, count: request.quantity, ...pickup };
			return [
				{ ...common, userId: request.receiverId, data: { ...data, name: donorName } },
				{
					...common,
					userId: request.donorId,
					data: { ...data, name: receiverName, side: 'donor' },
				},
			];
		}),
	);
	return told.length;
}

/**
 * A hand-over its receiver has not confirmed a day after it, and again three days after: the
 * receiver is reminded, with a link that confirms it in one tap. A hand-over already past the
 * second reminder's time gets only that one; one past its time to confirm gets none.
 */
async function remindToConfirm(
	tx: Transaction,
	name: 'confirm1' | 'confirm2',
	handedOverBetween: [Date, Date],
	{ now, key }: { now: Date; key: string },
): Promise<number> {
	const [from, until] = handedOverBetween;
	const due = await recordReminders(
		tx,
		name,
		and(
			eq(itemRequests.state, 'handedOver'),
			gte(itemRequests.handedOverAt, from),
			lt(itemRequests.handedOverAt, until),
		)!,
		now,
	);
	await notify(
		tx,
		...due.map(({ request, item, donorName }) => ({
			userId: request.receiverId,
			kind: 'confirmReminder' as const,
			itemId: request.itemId,
			requestId: request.id,
			data: {
				item,
				name: donorName,
				count: request.givenQuantity ?? request.quantity,
				token: confirmLinkToken(key, request.id, request.receiverId),
			},
		})),
	);
	return due.length;
}

/** How many reminders of each kind a round sent (a hand-over reminder counts once for both). */
export type RemindersSent = Record<ReminderName, number>;

/**
 * One round of reminders as of `now`, each kind in its own transaction: a reminder is recorded
 * and its notifications written together, so it is sent exactly once even when several
 * instances run a round at the same time.
 */
export async function sendReminders(db: Database, now = new Date()): Promise<RemindersSent> {
	const firstConfirm = before(now, reminderLimits.firstConfirmMs);
	const secondConfirm = before(now, reminderLimits.secondConfirmMs);
	const confirmable = before(now, requestLimits.confirmWithinMs);
	const key = await confirmLinkKey(db);
	return {
		unanswered: await db.transaction((tx) => remindUnanswered(tx, now)),
		handOverDue: await db.transaction((tx) => remindHandOverDue(tx, now)),
		confirm2: await db.transaction((tx) =>
			remindToConfirm(tx, 'confirm2', [confirmable, secondConfirm], { now, key }),
		),
		confirm1: await db.transaction((tx) =>
			remindToConfirm(tx, 'confirm1', [secondConfirm, firstConfirm], { now, key }),
		),
	};
}
