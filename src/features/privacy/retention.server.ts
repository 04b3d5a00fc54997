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
		db
			.delete(itemRequests)
			.where(
				and(
					inArray(itemRequests.state, ['declined', 'withdrawn', 'expired']),
					lt(itemRequests.closedAt, before(retentionLimits.endedRequestsMs)),
					notExists(
						db
							.select({ id: courierOrders.id })
							.from(courierOrders)
							.where(sql`${courierOrders.requestId} = ${itemRequests.id}`),
					),
				),
			)
			.returning({ id: itemRequests.id }),
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
		endedRequests: endedRequests.length,
		paymentNotificationBodies: bodies.length,
		signIns: signInTimes.length,
		passwordResetTokens: resetLinks.length,
	};
}
