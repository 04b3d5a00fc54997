import { isNotNull } from 'drizzle-orm';
import { purgeDeletedAccounts } from '~/features/account/account-deletion.server';
import { photoFiles } from '~/features/items/photos.server';
import {
	expireReservations,
	warnExpiringReservations,
} from '~/features/requests/request-expiry.server';
import { deleteExpiredPayloads } from '~/server/auth/provider/adapter';
import type { ServerContext } from '~/server/context';
import { itemImages, users } from '~/server/db/schema';
import { deleteEndedRateLimits } from '~/server/rate-limit';
import { sharePreviewKey } from '~/server/storage';

/** Files younger than this may belong to an upload still being saved, so they are left alone. */
const graceMs = 60 * 60_000;

/**
 * Removes stored photos that no row refers to (left by crashes or interrupted uploads), and link
 * previews whose photo is gone.
 */
export async function sweepOrphanedFiles(
	server: Pick<ServerContext, 'db' | 'storage'>,
	now = Date.now(),
): Promise<string[]> {
	const [photos, avatars] = await Promise.all([
		server.db.select({ key: itemImages.key, widths: itemImages.widths }).from(itemImages),
		server.db.select({ key: users.avatarKey }).from(users).where(isNotNull(users.avatarKey)),
	]);
	const kept = [...photos.flatMap(photoFiles), ...avatars.map((avatar) => avatar.key!)];
	const referenced = new Set([...kept, ...kept.map(sharePreviewKey)]);
	const files = [
		...(await server.storage.list('items')),
		...(await server.storage.list('avatars')),
	];
	const orphans = files
		.filter((file) => !referenced.has(file.key) && now - file.modifiedAt.getTime() > graceMs)
		.map((file) => file.key);
	await Promise.all(orphans.map((key) => server.storage.delete(key)));
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

/**
 * Upkeep: every hour, orphaned files, expired sign-in records, rate-limit windows that are
 * over and deleted accounts past their grace period; every few minutes, reservations. `clock`
 * gives the time reservations are judged by.
 */
export function startMaintenance(server: ServerContext, clock = () => new Date()): () => void {
	const run = () =>
		Promise.all([
			sweepOrphanedFiles(server),
			deleteExpiredPayloads(server.db),
			deleteEndedRateLimits(server.db),
			purgeDeletedAccounts(server),
		]).catch((error: unknown) => console.error('Maintenance failed', error));
	const reservations = () =>
		reservationUpkeep(server, clock()).catch((error: unknown) =>
			console.error('Reservation upkeep failed', error),
		);
	void run();
	void reservations();
	const timers = [setInterval(run, graceMs), setInterval(reservations, reservationCheckMs)];
	for (const timer of timers) timer.unref();
	return () => timers.forEach((timer) => clearInterval(timer));
}
