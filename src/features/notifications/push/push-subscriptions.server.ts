import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { pushLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { pushSubscriptions } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { isKnownPushService } from './push';

/** A device as the browser describes it (`PushSubscription.toJSON()`). */
export interface DeviceSubscription {
	endpoint: string;
	keys: { p256dh: string; auth: string };
}

/** A device that receives push for a person, as stored. */
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

function base64urlBytes(value: string): Buffer | null {
	return /^[\w-]+$/.test(value) ? Buffer.from(value, 'base64url') : null;
}

/**
 * Refuses a device the site could not or should not send to: an address outside the known push
 * services (`PUSH_SERVICE_UNKNOWN`), or keys that are no P-256 public key and 16-byte secret.
 */
export function checkDeviceSubscription(
	device: DeviceSubscription,
	extraOrigins: readonly string[],
): void {
	if (!isKnownPushService(device.endpoint, extraOrigins)) {
		throw new AppError('PUSH_SERVICE_UNKNOWN', { endpoint: 'notifications.push.errors.endpoint' });
	}
	const { p256dh, auth } = device.keys;
	const publicKey = base64urlBytes(p256dh);
	const uncompressedPoint = publicKey?.length === 65 && publicKey[0] === 0x04;
	if (!uncompressedPoint || base64urlBytes(auth)?.length !== 16) {
		throw new AppError('VALIDATION_ERROR', { keys: 'notifications.push.errors.keys' });
	}
}

/**
 * Keeps `device` for `userId`. A device someone else had subscribed moves to them (one device,
 * one person: whoever signed in last); past `pushLimits.devicesPerUser` the oldest go.
 */
export async function savePushSubscription(
	db: Database,
	userId: string,
	device: DeviceSubscription,
	now = new Date(),
): Promise<void> {
	const values = { userId, p256dh: device.keys.p256dh, auth: device.keys.auth, createdAt: now };
	await db.transaction(async (tx) => {
		await tx
			.insert(pushSubscriptions)
			.values({ endpoint: device.endpoint, ...values })
			.onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
		const kept = tx
			.select({ id: pushSubscriptions.id })
			.from(pushSubscriptions)
			.where(eq(pushSubscriptions.userId, userId))
			.orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
			.limit(pushLimits.devicesPerUser);
		await tx
			.delete(pushSubscriptions)
			.where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
	});
}

/** Forgets the device at `endpoint` if it is `userId`'s; another person's stays. */
export async function deletePushSubscription(
	db: Database,
	userId: string,
	endpoint: string,
): Promise<void> {
	await db
		.delete(pushSubscriptions)
		.where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The devices of each of `userIds`, oldest first. */
export async function pushSubscriptionsOf(
	db: Database,
	userIds: string[],
): Promise<Map<string, PushSubscriptionRow[]>> {
	const byUser = new Map<string, PushSubscriptionRow[]>(userIds.map((id) => [id, []]));
	if (!userIds.length) return byUser;
	const rows = await db
		.select()
		.from(pushSubscriptions)
		.where(inArray(pushSubscriptions.userId, [...new Set(userIds)]))
		.orderBy(pushSubscriptions.id);
	for (const row of rows) byUser.get(row.userId)?.push(row);
	return byUser;
}

/**
 * Forgets a device its push service says is gone (404, 410); answers whether it was still there,
 * so a device ended twice in one batch counts once.
 */
export async function endPushSubscription(db: Database, id: number): Promise<boolean> {
	const ended = await db
		.delete(pushSubscriptions)
		.where(eq(pushSubscriptions.id, id))
		.returning({ id: pushSubscriptions.id });
	return ended.length > 0;
}
