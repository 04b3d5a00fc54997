import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { requestLimits } from '~/config/limits';
import type { Database, Transaction } from '~/server/db/client';
import { sqlStatement, unmappedRows } from '~/server/db/prepared';
import { notifications } from '~/server/db/schema';
import type { Notification, NotificationKind, NotificationList } from './notifications';

/** A notification to write: whom it tells, of what, and what its text names. */
export interface NewNotification {
	/** The person told. */
	userId: string;
	kind: NotificationKind;
	itemId: number | null;
	requestId?: number | null;
	/**
	 * What the text names: `item`, `name`, `count`, `reason`, `label`, `side`; a reminder to
	 * confirm carries its link's `token`.
	 */
	data: Record<string, string | number>;
}

/**
 * One notification, as most changes tell one person: a statement prepared once per connection,
 * so asking for an item, the busiest write, sends no describe round trip for it (decision 023).
 */
const notifyOne = sqlStatement(
	'notify_one',
	sql`insert into ${notifications} (user_id, kind, item_id, request_id, data)
	values (${sql.placeholder('userId')}, ${sql.placeholder('kind')},
		${sql.placeholder('itemId')}::bigint, ${sql.placeholder('requestId')}::bigint,
		${sql.placeholder('data')}::text::jsonb)`,
);

/**
 * Tells people of a change, in the transaction that makes it: they are told exactly when it
 * commits. Every notification of the product is written here, so a channel beyond the bell
 * (push, mail) is added here, once.
 */
export async function notify(tx: Transaction, ...entries: NewNotification[]): Promise<void> {
	const [only] = entries;
	if (!only) return;
	if (entries.length === 1) {
		await unmappedRows(notifyOne(tx), {
			userId: only.userId,
			kind: only.kind,
			itemId: only.itemId,
			requestId: only.requestId ?? null,
			data: JSON.stringify(only.data),
		});
		return;
	}
	await tx.insert(notifications).values(
		entries.map((entry) => ({
			userId: entry.userId,
			kind: entry.kind,
			itemId: entry.itemId,
			requestId: entry.requestId ?? null,
			data: entry.data,
		})),
	);
}

/** Kinds that tell a donor of a request on their item; the rest are for its receiver. */
const donorKinds: readonly NotificationKind[] = [
	'requestCreated',
	'requestUpdated',
	'requestWithdrawn',
	'requestConfirmed',
	'requestDisputed',
	'requestUnanswered',
];

/** Kinds told to both sides of a request, each side in its own words (`data.side`). */
const sidedKinds: readonly NotificationKind[] = [
	'reservationExpiring',
	'reservationExpired',
	'handOverDue',
];

/** Notices of the moderation desk, whose `reason` is a report reason (`reports.reasons`). */
const moderationKinds: readonly NotificationKind[] = [
	'itemUnderReview',
	'itemHidden',
	'itemRestored',
	'accountWarned',
	'accountSuspended',
	'suspensionLifted',
	'reportActioned',
	'reportDismissed',
];

/** Where a moderation notice leads: the item it names, else the reader's profile. */
function moderationPath(itemId: number | null): string {
	return itemId === null ? '/profile' : `/items/${itemId}`;
}

/**
 * Where a notification leads: the donor to the item's requests, the receiver to theirs, a
 * saved search's owner to the new item, a reminder to confirm to the page that confirms it in
 * one tap (`token`). Courier order notifications name their reader's side (`side`).
 */
function pathOf(kind: NotificationKind, itemId: number | null, data: NewNotification['data']) {
	if (moderationKinds.includes(kind)) return moderationPath(itemId);
	if (kind === 'confirmReminder' && data['token']) return `/confirm/${data['token']}`;
	const side = data['side'];
	// A new item that matches a saved search is shown to whoever saved it.
	if (kind === 'savedSearchMatch' && itemId !== null) return `/items/${itemId}`;
	const forDonor = donorKinds.includes(kind) || side === 'donor';
	return forDonor && itemId !== null ? `/my-items/${itemId}/requests` : '/my-requests';
}

/**
 * The bell's list: the newest notifications, each in the reader's language, and how many are
 * unread. Expiry notices go to both sides of a reservation; their data says which (`side`).
 */
export async function notificationList(
	db: Database,
	userId: string,
	t: TFunction,
): Promise<NotificationList> {
	const [rows, [counted]] = await Promise.all([
		db
			.select()
			.from(notifications)
			.where(eq(notifications.userId, userId))
			.orderBy(desc(notifications.id))
			.limit(requestLimits.notificationsListed),
		db
			.select({ unread: sql<number>`count(*)::int` })
			.from(notifications)
			.where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
	]);
	return {
		unread: Number(counted?.unread ?? 0),
		notifications: rows.map((row): Notification => {
			const kind = row.kind as NotificationKind;
			const side = row.data['side'] === 'donor' ? 'donor' : 'receiver';
			const reason = row.data['reason'];
			const reasons = moderationKinds.includes(kind)
				? 'reports.reasons'
				: 'requests.declineReasons';
			const values = {
				...row.data,
				// A person who deleted their account is no longer named.
				...(row.data['name'] === '' ? { name: t('account.deletedName') } : {}),
				count: Number(row.data['count'] ?? 1),
				reason: reason ? t(`${reasons}.${reason}` as 'requests.declineReasons.other') : '',
			};
			const key = sidedKinds.includes(kind)
				? `notifications.kinds.${kind}.${side}`
				: reason
					? `notifications.kinds.${kind}WithReason`
					: `notifications.kinds.${kind}`;
			return {
				id: row.id,
				kind,
				text: t(key as 'notifications.kinds.requestCreated', values),
				path: pathOf(kind, row.itemId, row.data),
				createdAt: row.createdAt.toISOString(),
				read: row.readAt !== null,
			};
		}),
	};
}

/** Marks the reader's notifications read: those with `ids`, or all of them. Returns the unread. */
export async function markNotificationsRead(
	db: Database,
	userId: string,
	ids: number[] | undefined,
	now = new Date(),
): Promise<number> {
	const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
	await db
		.update(notifications)
		.set({ readAt: now })
		.where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
	const [counted] = await db
		.select({ unread: sql<number>`count(*)::int` })
		.from(notifications)
		.where(mine);
	return Number(counted?.unread ?? 0);
}
