import { and, desc, eq, inArray, isNull, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { formatTimeWindow } from '~/lib/format-time';
import type { Locale } from '~/lib/i18n/locales';
import { requestLimits } from '~/config/limits';
import type { Database, Transaction } from '~/server/db/client';
import { sqlStatement, unmappedRows } from '~/server/db/prepared';
import { notificationOutbox, notifications } from '~/server/db/schema';
import { nextDigestAt } from './notification-settings';
import {
	eventKinds,
	type Notification,
	type NotificationKind,
	type NotificationList,
} from './notifications';

/** A notification to write: whom it tells, of what, and what its text names. */
export interface NewNotification {
	/** The person told. */
	userId: string;
	kind: NotificationKind;
	itemId: number | null;
	requestId?: number | null;
	/**
	 * What the text names: `item`, `name`, `count`, `reason`, `label`, `side`; a reminder to
	 * confirm carries its link's `token`; a pickup time its window (`from`, `until`) and `place`.
	 */
	data: Record<string, string | number>;
}

/** Kinds whose mail waits for the daily digest rather than going out on its own. */
export const digestKinds: readonly NotificationKind[] = [
	'savedSearchMatch',
	'savedSearchNeedMatch',
];

/**
 * The deliveries of the notifications just written (`told`: id, user_id, kind), one per channel,
 * in the same statement: push and mail are sent from this outbox after the change commits, and
 * never for a change that did not. A digest's mail waits for `digestAt`.
 */
const outboxOf = (told: SQL, digestAt: SQLWrapper) => sql`
	insert into ${notificationOutbox} (notification_id, user_id, channel, due_at)
	select told.id, told.user_id, channel,
		case when channel = 'email' and told.kind in (${sql.join(
			digestKinds.map((kind) => sql.raw(`'${kind}'`)),
			sql`, `,
		)}) then ${digestAt}::timestamptz else now() end
	from ${told} as told, unnest(array['push', 'email']) as channel`;

/**
 * One notification, as most changes tell one person: a statement prepared once per connection,
 * so asking for an item, the busiest write, sends no describe round trip for it (decision 023).
 */
const notifyOne = sqlStatement(
	'notify_one',
	sql`with told as (
		insert into ${notifications} (user_id, kind, item_id, request_id, data)
		values (${sql.placeholder('userId')}, ${sql.placeholder('kind')},
			${sql.placeholder('itemId')}::bigint, ${sql.placeholder('requestId')}::bigint,
			${sql.placeholder('data')}::text::jsonb)
		returning id, user_id, kind
	) ${outboxOf(sql`told`, sql.placeholder('digestAt'))}`,
);

/**
 * Tells people of a change, in the transaction that makes it: they are told exactly when it
 * commits, in the bell and, through the outbox, by push and mail. Every notification of the
 * product is written here.
 */
export async function notify(tx: Transaction, ...entries: NewNotification[]): Promise<void> {
	const [only] = entries;
	if (!only) return;
	const digestAt = nextDigestAt(new Date()).toISOString();
	if (entries.length === 1) {
		await unmappedRows(notifyOne(tx), {
			userId: only.userId,
			kind: only.kind,
			itemId: only.itemId,
			requestId: only.requestId ?? null,
			data: JSON.stringify(only.data),
			digestAt,
		});
		return;
	}
	const rows = entries.map(
		(entry) =>
			sql`(${entry.userId}, ${entry.kind}, ${entry.itemId}::bigint, ${entry.requestId ?? null}::bigint, ${JSON.stringify(entry.data)}::jsonb)`,
	);
	await tx.execute(sql`with told as (
		insert into ${notifications} (user_id, kind, item_id, request_id, data)
		values ${sql.join(rows, sql`, `)}
		returning id, user_id, kind
	) ${outboxOf(sql`told`, sql`${digestAt}`)}`);
}

/** Kinds that tell a donor of a request on their item; the rest are for its receiver. */
const donorKinds: readonly NotificationKind[] = [
	'requestCreated',
	'requestUpdated',
	'requestWithdrawn',
	'donorNoShow',
	'requestConfirmed',
	'requestDisputed',
	'requestUnanswered',
	'choosingTime',
];

/**
 * Kinds told to either side of a request, each side in its own words (`data.side`): to both, or
 * to the one who disputed a no-show.
 */
const sidedKinds: readonly NotificationKind[] = [
	'reservationExpiring',
	'reservationExpired',
	'handOverDue',
	'noShowStruck',
	'noShowUpheld',
];

/** Kinds about a need (`data.need`), which lead to its page. */
const needKinds: readonly NotificationKind[] = [
	'needOffered',
	'needClosed',
	'offerAccepted',
	'offerDeclined',
];

/** Notices of the moderation desk, whose `reason` is a report reason (`reports.reasons`). */
const moderationKinds: readonly NotificationKind[] = eventKinds.moderation;

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
	// A moderator's decision on an organisation is read where its owner keeps it.
	if (kind === 'organisationVerified' || kind === 'organisationRefused') return '/organisation';
	if (moderationKinds.includes(kind)) return moderationPath(itemId);
	if (kind === 'confirmReminder' && data['token']) return `/confirm/${data['token']}`;
	// An accepted offer is a reservation the donor now hands over; the rest lead to the need.
	if (kind === 'offerAccepted' && itemId !== null) return `/my-items/${itemId}/requests`;
	if (needKinds.includes(kind) && data['need']) return `/needs/${data['need']}`;
	const side = data['side'];
	// A new item that matches a saved search is shown to whoever saved it.
	if (kind === 'savedSearchMatch' && itemId !== null) return `/items/${itemId}`;
	// A new need names its id in the data: notifications have no column for needs.
	if (kind === 'savedSearchNeedMatch' && data['needId']) return `/needs/${data['needId']}`;
	// Asked whether a listing is still there, its donor answers on its page.
	// A donor thanked reads the thank-you on the item's page, where it is shown.
	if (
		(kind === 'stillAvailable' || kind === 'listingStale' || kind === 'thanked') &&
		itemId !== null
	) {
		return `/items/${itemId}`;
	}
	const forDonor = donorKinds.includes(kind) || side === 'donor';
	return forDonor && itemId !== null ? `/my-items/${itemId}/requests` : '/my-requests';
}

/** A stored notification: its kind and the facts its text names. */
type StoredNotification = Pick<typeof notifications.$inferSelect, 'kind' | 'itemId' | 'data'>;

/** The values a text of a pickup time names: its window in Jakarta's time and its place. */
function pickupValues(data: NewNotification['data'], t: TFunction, locale: Locale) {
	const place = String(data['place'] ?? '');
	return {
		when: formatTimeWindow(String(data['from']), String(data['until']), locale),
		at: place ? t('notifications.pickupPlace', { place }) : '',
	};
}

/**
 * A notification's text in the language of `t` and the path it leads to, as the bell, push and
 * mail show it. Expiry notices and hand-over reminders go to both sides of a reservation; their
 * data says which (`side`).
 */
export function notificationMessage(
	row: StoredNotification,
	t: TFunction,
	locale: Locale,
): { text: string; path: string } {
	const kind = row.kind as NotificationKind;
	const side = row.data['side'] === 'donor' ? 'donor' : 'receiver';
	const reason = row.data['reason'];
	const reasons = moderationKinds.includes(kind) ? 'reports.reasons' : 'requests.declineReasons';
	const values = {
		...row.data,
		// A person who deleted their account is no longer named.
		...(row.data['name'] === '' ? { name: t('account.deletedName') } : {}),
		count: Number(row.data['count'] ?? 1),
		reason: reason ? t(`${reasons}.${reason}` as 'requests.declineReasons.other') : '',
	};
	// A pickup time names its window in Jakarta's time and its place, when there is one.
	const pickup = typeof row.data['from'] === 'string' && typeof row.data['until'] === 'string';
	if (pickup) Object.assign(values, pickupValues(row.data, t, locale));
	const sidedKey = kind === 'handOverDue' && pickup ? 'handOverDuePickup' : kind;
	const key = sidedKinds.includes(kind)
		? `notifications.kinds.${sidedKey}.${side}`
		: reason
			? `notifications.kinds.${kind}WithReason`
			: `notifications.kinds.${kind}`;
	return {
		text: t(key as 'notifications.kinds.requestCreated', values),
		path: pathOf(kind, row.itemId, row.data),
	};
}

/**
 * The bell's list: the newest notifications, each in the reader's language, and how many are
 * unread.
 */
export async function notificationList(
	db: Database,
	userId: string,
	t: TFunction,
	locale: Locale,
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
		notifications: rows.map((row): Notification => ({
			id: row.id,
			kind: row.kind as NotificationKind,
			...notificationMessage(row, t, locale),
			createdAt: row.createdAt.toISOString(),
			read: row.readAt !== null,
		})),
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
