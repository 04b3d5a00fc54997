import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { choosingLimits } from '~/config/limits';
import { formatDate } from '~/lib/format';
import { formatTime } from '~/lib/format-time';
import type { Locale } from '~/lib/i18n/locales';
import type { Transaction } from '~/server/db/client';
import { itemRequests } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';

/**
 * What counts against a receiver's hand-overs of the last 14 days (docs/product-rules.md#choosing):
 * their hand-overs within the window, confirmed or not, and their reservations, which may become
 * one. As SQL over `item_requests`, for asking's statement.
 */
export function countedTowardsReceived(receiverId: SQL, now: SQL): SQL {
	return sql`(select count(*) from item_requests as received
		where received.receiver_id = ${receiverId}
			and (received.state = 'reserved' or (received.state in ('handedOver', 'confirmed')
				and received.handed_over_at > ${now} - ${sql.raw(`interval '${choosingLimits.receivedWindowMs / 1000} seconds'`)})))`;
}

/**
 * The receiver's count of hand-overs towards the limit and, at the limit, when it lifts: when
 * enough of the counted hand-overs leave the 14 days. Null when reservations alone reach it (it
 * lifts when they end). Read under the receiver's turn, so that it stays true until the write.
 */
export async function receivedRecord(
	tx: Pick<Transaction, 'select'>,
	receiverId: string,
	now: Date,
): Promise<{ count: number; liftsAt: Date | null }> {
	const since = new Date(now.getTime() - choosingLimits.receivedWindowMs);
	const rows = await tx
		.select({ handedOverAt: itemRequests.handedOverAt })
		.from(itemRequests)
		.where(
			and(
				eq(itemRequests.receiverId, receiverId),
				or(
					eq(itemRequests.state, 'reserved'),
					and(
						inArray(itemRequests.state, ['handedOver', 'confirmed']),
						gt(itemRequests.handedOverAt, since),
					),
				),
			),
		)
		.orderBy(asc(itemRequests.handedOverAt));
	const handedOver = rows.flatMap((row) => (row.handedOverAt ? [row.handedOverAt] : []));
	const leaving = rows.length - choosingLimits.receivedPerWindow;
	const oldest = leaving >= 0 ? handedOver[leaving] : undefined;
	return {
		count: rows.length,
		liftsAt: oldest ? new Date(oldest.getTime() + choosingLimits.receivedWindowMs) : null,
	};
}

/**
 * The refusal at the limit, for the receiver asking or the donor reserving for them, naming the
 * limit and the date it lifts.
 */
export function receivedLimitError(
	who: 'receiver' | 'donor',
	liftsAt: Date | null,
	now: Date,
	locale: Locale,
): AppError {
	const key = who === 'receiver' ? 'receivedLimit' : 'receiverAtLimit';
	const values = {
		limit: choosingLimits.receivedPerWindow,
		days: choosingLimits.receivedWindowMs / (24 * 60 * 60_000),
	};
	return new AppError(
		'REQUEST_LIMIT',
		undefined,
		liftsAt ? Math.ceil((liftsAt.getTime() - now.getTime()) / 1000) : undefined,
		liftsAt
			? {
					key: `requests.errors.${key}`,
					values: { ...values, date: formatDate(liftsAt, locale) },
				}
			: { key: `requests.errors.${key}WhileReserved`, values },
	);
}

/** Refuses when the receiver is at the limit; call under their turn, before writing. */
export async function refuseAtReceivedLimit(
	tx: Transaction,
	receiverId: string,
	who: 'receiver' | 'donor',
	now: Date,
	locale: Locale,
): Promise<void> {
	const { count, liftsAt } = await receivedRecord(tx, receiverId, now);
	if (count >= choosingLimits.receivedPerWindow)
		throw receivedLimitError(who, liftsAt, now, locale);
}

/**
 * The refusal to reserve before the donor's wait is over, naming when they may choose: to the
 * donor reserving, or to a receiver ordering a courier (a paid order reserves).
 */
export function chooseLater(
	chooseAt: Date,
	now: Date,
	locale: Locale,
	who: 'donor' | 'receiver' = 'donor',
): AppError {
	return new AppError(
		'CHOOSE_LATER',
		undefined,
		Math.ceil((chooseAt.getTime() - now.getTime()) / 1000),
		{
			key: who === 'donor' ? 'requests.errors.chooseLater' : 'requests.errors.donorChoosesLater',
			values: { date: formatDate(chooseAt, locale), time: formatTime(chooseAt, locale) },
		},
	);
}
