import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { deliveryLimits, deliveryRetryDelay } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { notificationOutbox, notifications } from '~/server/db/schema';
import { useTranslations } from '~/server/i18n';
import { notificationDeliveries } from '~/server/metrics';
import { type NotificationSettings, quietHoursEnd } from '../notification-settings';
import { notificationSettingsFor } from '../notification-settings.server';
import { type DeliveryChannel, eventKindOf, type NotificationKind } from '../notifications';
import { digestKinds, notificationMessage } from '../notifications.server';
import type { Channel, Delivery, DeliveryResult } from './channels.server';

type OutboxRow = typeof notificationOutbox.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

/** What one round of the sender did, by outcome. */
export type OutboxRound = Record<'sent' | 'skipped' | 'deferred' | 'retried' | 'failed', number>;

/**
 * Claims the deliveries due at `now` for this sender: rows another sender holds are skipped
 * (`skip locked`), and a claim lasts `claimMs`, so a sender that dies mid-batch leaves its rows
 * to the next one after that.
 */
async function claimDue(
	db: Database,
	now: Date,
	channels: readonly string[],
): Promise<OutboxRow[]> {
	if (!channels.length) return [];
	const until = new Date(now.getTime() + deliveryLimits.claimMs).toISOString();
	const at = now.toISOString();
	const claimed = rowsOf<{ id: number | string }>(
		await db.execute(sql`
			update ${notificationOutbox} as o set claimed_until = ${until}::timestamptz
			from (
				select id from ${notificationOutbox}
				where done_at is null and due_at <= ${at}::timestamptz
					and channel in (${sql.join(
						channels.map((channel) => sql`${channel}`),
						sql`, `,
					)})
					and (claimed_until is null or claimed_until < ${at}::timestamptz)
				order by due_at, id
				limit ${deliveryLimits.batchSize}
				for update skip locked
			) as due
			where o.id = due.id
			returning o.id`),
	);
	if (!claimed.length) return [];
	return db
		.select()
		.from(notificationOutbox)
		.where(
			inArray(
				notificationOutbox.id,
				claimed.map((row) => Number(row.id)),
			),
		)
		.orderBy(notificationOutbox.id);
}

/** What to do with a claimed delivery before any channel sees it. */
type Decision =
	{ action: 'deliver'; delivery: Delivery } | { action: 'skip' } | { action: 'defer'; until: Date };

function decide(
	row: OutboxRow,
	notification: NotificationRow | undefined,
	settings: NotificationSettings,
	now: Date,
): Decision {
	if (!notification) return { action: 'skip' };
	const kind = notification.kind as NotificationKind;
	const eventKind = eventKindOf(kind);
	const channel = row.channel as DeliveryChannel;
	if (!eventKind || !settings.channels[eventKind][channel]) return { action: 'skip' };
	const digest = channel === 'email' && digestKinds.includes(kind);
	// What the person already read in the app is not mailed to them again in the digest.
	if (digest && notification.readAt) return { action: 'skip' };
	if (channel === 'push') {
		const until = quietHoursEnd(settings.quietHours, now);
		if (until) return { action: 'defer', until };
	}
	const { text, path } = notificationMessage(
		notification,
		useTranslations(settings.language),
		settings.language,
	);
	return {
		action: 'deliver',
		delivery: {
			outboxId: row.id,
			notificationId: notification.id,
			userId: row.userId,
			kind,
			eventKind,
			language: settings.language,
			text,
			path,
			digest,
			attempts: row.attempts,
			deliveredTo: row.deliveredTo,
			createdAt: notification.createdAt,
		},
	};
}

/** Records what became of `rows`; failures are tried again later unless out of attempts. */
async function record(
	db: Database,
	channel: string,
	outcomes: { row: OutboxRow; result: DeliveryResult }[],
	now: Date,
	round: OutboxRound,
): Promise<void> {
	for (const { row, result } of outcomes) {
		const attempts = row.attempts + 1;
		if (result.outcome === 'retry' && attempts < deliveryLimits.maxAttempts) {
			const delay = Math.max(result.retryAfterMs ?? 0, deliveryRetryDelay(attempts));
			await db
				.update(notificationOutbox)
				.set({
					attempts,
					dueAt: new Date(now.getTime() + delay),
					claimedUntil: null,
					deliveredTo: [...new Set([...row.deliveredTo, ...(result.deliveredTo ?? [])])],
				})
				.where(eq(notificationOutbox.id, row.id));
			round.retried++;
			notificationDeliveries.inc({ channel, outcome: 'retried' });
			continue;
		}
		const outcome = result.outcome === 'retry' ? 'failed' : result.outcome;
		await db
			.update(notificationOutbox)
			.set({ outcome, doneAt: now, claimedUntil: null })
			.where(eq(notificationOutbox.id, row.id));
		round[outcome]++;
		notificationDeliveries.inc({ channel, outcome });
	}
}

/**
 * One round of the sender: the deliveries due at `now` by `channels` (those of a channel not
 * given wait for a sender that has it), each unless the person
 * turned that channel off for its kind of event; push waits out the person's quiet hours. Each
 * person's deliveries of one channel go to it together (a mail digest is one message) and are
 * recorded as soon as it answers, so a crash repeats at most the message in flight.
 */
export async function sendDueNotifications(
	db: Database,
	channels: readonly Channel[],
	now = new Date(),
): Promise<OutboxRound> {
	const round: OutboxRound = { sent: 0, skipped: 0, deferred: 0, retried: 0, failed: 0 };
	const rows = await claimDue(
		db,
		now,
		channels.map((channel) => channel.name),
	);
	if (!rows.length) return round;
	const [told, settings] = await Promise.all([
		db
			.select()
			.from(notifications)
			.where(
				inArray(
					notifications.id,
					rows.map((row) => row.notificationId),
				),
			),
		notificationSettingsFor(
			db,
			rows.map((row) => row.userId),
		),
	]);
	const byId = new Map(told.map((notification) => [notification.id, notification]));
	const batches = new Map<string, { row: OutboxRow; delivery: Delivery }[]>();
	const skipped: { row: OutboxRow; result: DeliveryResult }[] = [];
	for (const row of rows) {
		const decision = decide(row, byId.get(row.notificationId), settings.get(row.userId)!, now);
		if (decision.action === 'skip') {
			skipped.push({ row, result: { outcome: 'skipped' } });
		} else if (decision.action === 'defer') {
			await db
				.update(notificationOutbox)
				.set({ dueAt: decision.until, claimedUntil: null })
				.where(eq(notificationOutbox.id, row.id));
			round.deferred++;
			notificationDeliveries.inc({ channel: row.channel, outcome: 'deferred' });
		} else {
			const key = `${row.channel}\n${row.userId}`;
			batches.set(key, [...(batches.get(key) ?? []), { row, delivery: decision.delivery }]);
		}
	}
	for (const [channelName, outcomes] of groupByChannel(skipped)) {
		await record(db, channelName, outcomes, now, round);
	}
	const startedAt = Date.now();
	for (const claimedBatch of batches.values()) {
		const batch = await renewClaim(db, claimedBatch, now, Date.now() - startedAt);
		if (!batch.length) continue;
		const channel = channels.find((candidate) => candidate.name === batch[0]!.row.channel)!;
		const results = await channel
			.deliver(batch.map((entry) => entry.delivery))
			.catch((): DeliveryResult[] => batch.map(() => ({ outcome: 'retry' })));
		await record(
			db,
			channel.name,
			batch.map((entry, index) => ({
				row: entry.row,
				result: results[index] ?? { outcome: 'retry' },
			})),
			now,
			round,
		);
	}
	return round;
}

/**
 * Holds `batch` for another `claimMs` just before it is sent, so a long round keeps what it has
 * not sent yet only as long as it needs; rows whose claim ran out and went to another sender
 * meanwhile are left to that one. `elapsedMs` is the time the round has taken so far.
 */
async function renewClaim<T extends { row: OutboxRow }>(
	db: Database,
	batch: T[],
	now: Date,
	elapsedMs: number,
): Promise<T[]> {
	const claimedUntil = batch[0]!.row.claimedUntil!;
	const renewed = await db
		.update(notificationOutbox)
		.set({ claimedUntil: new Date(now.getTime() + elapsedMs + deliveryLimits.claimMs) })
		.where(
			and(
				inArray(
					notificationOutbox.id,
					batch.map((entry) => entry.row.id),
				),
				eq(notificationOutbox.claimedUntil, claimedUntil),
			),
		)
		.returning({ id: notificationOutbox.id });
	const kept = new Set(renewed.map((row) => row.id));
	return batch.filter((entry) => kept.has(entry.row.id));
}

function groupByChannel<T extends { row: OutboxRow }>(entries: T[]): Map<string, T[]> {
	const groups = new Map<string, T[]>();
	for (const entry of entries) {
		groups.set(entry.row.channel, [...(groups.get(entry.row.channel) ?? []), entry]);
	}
	return groups;
}

/** Deletes deliveries done longer ago than `keptDoneMs`. */
export async function deleteOldDeliveries(db: Database, now = new Date()): Promise<void> {
	await db
		.delete(notificationOutbox)
		.where(
			and(
				isNotNull(notificationOutbox.doneAt),
				lt(notificationOutbox.doneAt, new Date(now.getTime() - deliveryLimits.keptDoneMs)),
			),
		);
}
