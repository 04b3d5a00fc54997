import { and, inArray, isNotNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { retentionLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import {
	courierOrders,
	itemRequests,
	notifications,
	passwordResetTokens,
	paymentNotifications,
	signIns,
} from '~/server/db/schema';

/** How many records each rule removed (or, for payment notifications, emptied). */
export interface RetentionResult {
	notifications: number;
	endedRequests: number;
	paymentNotificationBodies: number;
	signIns: number;
	passwordResetTokens: number;
}

/**
 * Deletes the requests that ended without a giving before `closedBefore` and have no courier
 * order (whose payment record keeps them). A statement that deletes requests raises the public
 * pages' version, so it runs only when there is one to delete.
 */
async function deleteEndedRequests(db: Database, closedBefore: Date): Promise<number> {
	const ended = await db
		.select({ id: itemRequests.id })
		.from(itemRequests)
		.where(
			and(
				inArray(itemRequests.state, ['declined', 'withdrawn', 'expired']),
				lt(itemRequests.closedAt, closedBefore),
				notExists(
					db
						.select({ id: courierOrders.id })
						.from(courierOrders)
						.where(sql`${courierOrders.requestId} = ${itemRequests.id}`),
				),
			),
		);
	if (!ended.length) return 0;
	const ids = ended.map((request) => request.id);
	await db.delete(itemRequests).where(inArray(itemRequests.id, ids));
	return ids.length;
}

/** The body a payment notification keeps once its retention is over. */
export const removedBody = '';

/**
 * Deletes or anonymises, as of `now`, the personal data whose retention period is over
 * (`retentionLimits`): old notifications, requests that ended without a giving, the raw bodies
 * of old payment notifications, old sign-in times, and password-reset links past their expiry.
 */
export async function applyRetention(db: Database, now = new Date()): Promise<RetentionResult> {
	const before = (ms: number) => new Date(now.getTime() - ms);
	const [removedNotifications, endedRequests, bodies, signInTimes, resetLinks] = await Promise.all([
		db
			.delete(notifications)
			.where(
				or(
					and(
						isNotNull(notifications.readAt),
						lt(notifications.readAt, before(retentionLimits.readNotificationsMs)),
					),
					lt(notifications.createdAt, before(retentionLimits.notificationsMs)),
				),
			)
			.returning({ id: notifications.id }),
		deleteEndedRequests(db, before(retentionLimits.endedRequestsMs)),
		db
			.update(paymentNotifications)
			.set({ body: removedBody })
			.where(
				and(
					lt(paymentNotifications.createdAt, before(retentionLimits.paymentNotificationBodiesMs)),
					sql`${paymentNotifications.body} <> ${removedBody}`,
				),
			)
			.returning({ id: paymentNotifications.id }),
		db
			.delete(signIns)
			.where(lt(signIns.createdAt, before(retentionLimits.signInsMs)))
			.returning({ id: signIns.id }),
		db
			.delete(passwordResetTokens)
			.where(lte(passwordResetTokens.expiresAt, now))
			.returning({ digest: passwordResetTokens.digest }),
	]);
	return {
		notifications: removedNotifications.length,
		endedRequests,
		paymentNotificationBodies: bodies.length,
		signIns: signInTimes.length,
		passwordResetTokens: resetLinks.length,
	};
}
