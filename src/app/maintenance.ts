import { isNotNull } from 'drizzle-orm';
import { purgeDeletedAccounts } from '~/features/account/account-deletion.server';
import { photoFiles } from '~/features/items/photos.server';
import type { Channel } from '~/features/notifications/delivery/channels.server';
import {
	deleteOldDeliveries,
	sendDueNotifications,
} from '~/features/notifications/delivery/outbox.server';
import {
	expireReservations,
	warnExpiringReservations,
} from '~/features/requests/request-expiry.server';
import { freshnessUpkeep } from '~/features/items/listing-freshness.server';
import { closeExpiredNeeds } from '~/features/needs/need-expiry.server';
import { endSuspensionsThatRanOut } from '~/features/moderation/suspension-expiry.server';
import { applyRetention } from '~/features/privacy/retention.server';
import { deleteDecidedDocuments } from '~/features/organisations/organisation-documents.server';
import { sendReminders } from '~/features/requests/request-reminders.server';
import { tellChoosingTime } from '~/features/requests/choosing.server';
import { deleteExpiredPayloads } from '~/server/auth/provider/adapter';
import { deliveryLimits } from '~/config/limits';
import type { OrderContext } from '~/features/shipping/order-rules.server';
import { orderUpkeep } from '~/features/shipping/order-tracking.server';
import type { ServerContext } from '~/server/context';
import { itemImages, needs, organisations, thankYous, users } from '~/server/db/schema';
import { log } from '~/server/log';
import { sweptFiles } from '~/server/metrics';
import { deleteEndedRateLimits } from '~/server/rate-limit';
import { privateStoragePrefix, sharePreviewKey } from '~/server/storage';

/**
 * Files younger than this may belong to an upload still being saved (a photo is stored a moment
 * before its row), so they are left alone. Minutes: an interrupted upload's files go soon.
 */
export const orphanGraceMs = 10 * 60_000;

/**
 * Removes stored photos that no row refers to (left by crashes or interrupted uploads), and link
 * previews whose photo is gone.
 */
export async function sweepOrphanedFiles(
	server: Pick<ServerContext, 'db' | 'storage'>,
	now = Date.now(),
): Promise<string[]> {
	const [photos, avatars, thanks, needPhotos, documents] = await Promise.all([
		server.db.select({ key: itemImages.key, widths: itemImages.widths }).from(itemImages),
		server.db.select({ key: users.avatarKey }).from(users).where(isNotNull(users.avatarKey)),
		server.db
			.select({ key: thankYous.photoKey })
			.from(thankYous)
			.where(isNotNull(thankYous.photoKey)),
		server.db.select({ key: needs.photoKey }).from(needs).where(isNotNull(needs.photoKey)),
		server.db
			.select({ key: organisations.documentKey })
			.from(organisations)
			.where(isNotNull(organisations.documentKey)),
	]);
	const kept = [
		...photos.flatMap(photoFiles),
		...avatars.map((avatar) => avatar.key!),
		...thanks.map((row) => row.key!),
		...needPhotos.map((row) => row.key!),
		...documents.map((row) => row.key!),
	];
	const referenced = new Set([...kept, ...kept.map(sharePreviewKey)]);
	const files = [
		...(await server.storage.list('items')),
		...(await server.storage.list('avatars')),
		...(await server.storage.list('thanks')),
		...(await server.storage.list('needs')),
		...(await server.storage.list(privateStoragePrefix)),
	];
	const orphans = files
		.filter((file) => !referenced.has(file.key) && now - file.modifiedAt.getTime() > orphanGraceMs)
		.map((file) => file.key);
	await Promise.all(orphans.map((key) => server.storage.delete(key)));
	sweptFiles.inc(orphans.length);
	return orphans;
}

/** Reservations are checked this often, so one ends within minutes of its time. */
const reservationCheckMs = 5 * 60_000;

/**
 * Ends the reservations whose time ran out and warns of those about to (both sides are told),
 * as of `now`.
 */
export async function reservationUpkeep(
	server: Pick<ServerContext, 'db'>,
	now = new Date(),
): Promise<{ expired: number; warned: number }> {
	const expired = await expireReservations(server.db, now);
	const warned = await warnExpiringReservations(server.db, now);
	return { expired, warned };
}

/** Reminders are sent this often, so each one reaches its people within minutes of its time. */
const reminderCheckMs = 5 * 60_000;

/** How often the sweeper and the clean-up of expired records run. */
const cleanUpMs = 5 * 60_000;

/** Courier orders are checked this often: unpaid ones past their time, shipments on their way. */
const orderCheckMs = 60_000;

/**
 * Upkeep: every few seconds, push and mail from the notification outbox through `channels`;
 * every few minutes, orphaned files, expired sign-in records, rate-limit windows that are over,
 * deleted accounts past their grace period, personal data past its retention period (organisations'
 * documents 30 days after the moderator's decision),
 * reservations, the reminders that close a giving, the ends of donors' waits before choosing,
 * listings going stale, needs whose time ran out, and suspensions whose time ran out;
 * every minute, courier orders. Each job runs on one instance at a time (`runAlone`); the others
 * skip that round. `clock` gives the time reservations, reminders, orders and deliveries are
 * judged by. The returned stop waits for the jobs under way, so the database is closed after
 * them.
 */
export function startMaintenance(
	server: Pick<ServerContext, 'db' | 'storage' | 'database' | 'sessions'> & OrderContext,
	{ channels, clock = () => new Date() }: { channels: readonly Channel[]; clock?: () => Date },
): () => Promise<void> {
	const running = new Set<Promise<unknown>>();
	const busy = new Set<string>();
	// A round still under way when its next one is due lets that one pass.
	const job = (name: string, work: () => Promise<unknown>) => () => {
		if (busy.has(name)) return;
		busy.add(name);
		const run = server.database
			.runAlone(name, work)
			.catch((error: unknown) => log.error({ job: name, err: error }, 'maintenance failed'))
			.finally(() => {
				running.delete(run);
				busy.delete(name);
			});
		running.add(run);
	};
	const cleanUp = job('clean-up', () =>
		Promise.all([
			sweepOrphanedFiles(server),
			deleteExpiredPayloads(server.db),
			deleteEndedRateLimits(server.db),
			purgeDeletedAccounts(server),
			deleteOldDeliveries(server.db, clock()),
			applyRetention(server.db, clock()),
			deleteDecidedDocuments(server, clock()),
		]),
	);
	const deliveries = job('notification-outbox', () =>
		sendDueNotifications(server.db, channels, clock()),
	);
	const reservations = job('reservations', () => reservationUpkeep(server, clock()));
	const reminders = job('reminders', async () => {
		await sendReminders(server.db, clock());
		await tellChoosingTime(server.db, clock());
		await freshnessUpkeep(server.db, clock());
		await closeExpiredNeeds(server.db, clock());
		await endSuspensionsThatRanOut(server.db, clock());
	});
	const orders = job('courier-orders', () => orderUpkeep(server, clock()));
	cleanUp();
	reservations();
	reminders();
	orders();
	deliveries();
	const timers = [
		setInterval(deliveries, deliveryLimits.outboxCheckMs),
		setInterval(cleanUp, cleanUpMs),
		setInterval(reservations, reservationCheckMs),
		setInterval(reminders, reminderCheckMs),
		setInterval(orders, orderCheckMs),
	];
	for (const timer of timers) timer.unref();
	return async () => {
		timers.forEach((timer) => clearInterval(timer));
		await Promise.all(running);
	};
}
