import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { photoFiles } from '~/features/items/photos.server';
import { changeRequest } from '~/features/requests/requests.server';
import {
	deleteDocumentOf,
	deleteOrganisationOf,
} from '~/features/organisations/organisation-documents.server';
import type { UserRow } from '~/server/auth/users';
import type { ServerContext } from '~/server/context';
import {
	consents,
	itemImages,
	itemRequests,
	items,
	localAccounts,
	notificationSettings,
	notifications,
	oidcPayloads,
	pushSubscriptions,
	reports,
	savedSearches,
	sessions,
	signIns,
	userBlocks,
	users,
	thankYous,
	needs,
	needOffers,
} from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { deleteFiles } from '~/server/storage';
import { confirmsDeletion, deletionGraceMs } from './account';

type Deps = Pick<ServerContext, 'db' | 'sessions' | 'storage'>;

/**
 * `POST /account/delete`: the person typed the word shown. They are signed out everywhere at
 * once, their available items leave lists and their organisation's document photo is deleted;
 * the rest of the account is purged when the grace period ends, unless they sign in again before
 * (docs/product-rules.md#trust-and-safety).
 */
export async function requestDeletion(
	deps: Deps,
	user: UserRow,
	confirmation: unknown,
	now = new Date(),
): Promise<{ purgeAfter: string }> {
	if (!confirmsDeletion(confirmation)) {
		throw new AppError('VALIDATION_ERROR', { confirmation: 'account.errors.confirmation' });
	}
	await deps.db.transaction(async (tx) => {
		await tx.update(users).set({ deletionRequestedAt: now }).where(eq(users.id, user.id));
		await tx
			.update(items)
			.set({ hiddenAt: now, hiddenReason: 'deletion' })
			.where(
				and(eq(items.donorId, user.id), eq(items.status, 'AVAILABLE'), isNull(items.hiddenAt)),
			);
		await tx
			.update(needs)
			.set({ hiddenAt: now, hiddenReason: 'deletion' })
			.where(and(eq(needs.ownerId, user.id), isNull(needs.hiddenAt)));
		// Signed out everywhere, so no device shows their news any more either.
		await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
	});
	await deps.sessions.deleteAllOf(user.id);
	await deleteDocumentOf(deps, user.id, now);
	return { purgeAfter: new Date(now.getTime() + deletionGraceMs).toISOString() };
}

/** Items whose givings are done or under way stay, anonymised: receivers' records and totals hold. */
const givenStates = ['handedOver', 'confirmed'];

/**
 * Deletes what is personal in an account for good: profile, phone, address, avatar and every
 * photo; items not given; notifications (their deliveries with them), notification settings,
 * devices for push, reports, blocks, sign-ins, sessions; thank-yous they wrote or received, with
 * their photos; their needs, with their photos, and their offers to others' needs; their
 * organisation; and the built-in provider's account.
 * Given items and their hand-overs stay, without a name, so receivers' histories and the site's
 * totals stay true. The identity is replaced, so signing in with it again starts a new account.
 */
export async function purgeAccount(deps: Deps, userId: string, now = new Date()): Promise<void> {
	const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
	if (!user) return;
	// What they asked for ends as if they withdrew it, so donors get the quantity back.
	const active = await deps.db
		.select({ id: itemRequests.id })
		.from(itemRequests)
		.where(
			and(eq(itemRequests.receiverId, userId), inArray(itemRequests.state, ['open', 'reserved'])),
		);
	for (const request of active) {
		await changeRequest(deps.db, user, request.id, { action: 'withdraw' }, now);
	}
	const given = deps.db
		.select({ itemId: itemRequests.itemId })
		.from(itemRequests)
		.where(and(eq(itemRequests.donorId, userId), inArray(itemRequests.state, givenStates)));
	const ownItems = await deps.db
		.select({ id: items.id, status: items.status })
		.from(items)
		.where(eq(items.donorId, userId));
	const keptIds = new Set(
		(await given)
			.map((row) => row.itemId)
			.concat(ownItems.filter((item) => item.status === 'DONATED').map((item) => item.id)),
	);
	const ownIds = ownItems.map((item) => item.id);
	const photos = ownIds.length
		? await deps.db.select().from(itemImages).where(inArray(itemImages.itemId, ownIds))
		: [];
	const thanks = await deps.db
		.select({ photoKey: thankYous.photoKey })
		.from(thankYous)
		.where(or(eq(thankYous.receiverId, userId), eq(thankYous.donorId, userId)));
	const ownNeeds = await deps.db
		.select({ photoKey: needs.photoKey })
		.from(needs)
		.where(eq(needs.ownerId, userId));
	await deps.db.transaction(async (tx) => {
		// Their needs go with their offers; givings that answered one stay, without it.
		await tx.delete(needs).where(eq(needs.ownerId, userId));
		await tx.delete(needOffers).where(eq(needOffers.donorId, userId));
		// A thank-you names both people: it goes with either account.
		await tx
			.delete(thankYous)
			.where(or(eq(thankYous.receiverId, userId), eq(thankYous.donorId, userId)));
		if (ownIds.length) {
			await tx.delete(itemImages).where(inArray(itemImages.itemId, ownIds));
			await tx
				.delete(items)
				.where(
					and(
						eq(items.donorId, userId),
						keptIds.size ? notInArray(items.id, [...keptIds]) : undefined,
					),
				);
			await tx
				.update(items)
				.set({ hiddenAt: now, hiddenReason: 'deletion' })
				.where(eq(items.donorId, userId));
		}
		await tx.delete(notifications).where(eq(notifications.userId, userId));
		await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
		await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
		// Others' notifications of requests with them name them: the name goes, the notice stays.
		if (user.name) {
			await tx
				.update(notifications)
				.set({ data: sql`jsonb_set(${notifications.data}, '{name}', '""')` })
				.where(
					and(
						sql`${notifications.data}->>'name' = ${user.name}`,
						inArray(
							notifications.requestId,
							tx
								.select({ id: itemRequests.id })
								.from(itemRequests)
								.where(or(eq(itemRequests.donorId, userId), eq(itemRequests.receiverId, userId))),
						),
					),
				);
		}
		await tx.delete(reports).where(or(eq(reports.reporterId, userId), eq(reports.userId, userId)));
		await tx
			.delete(userBlocks)
			.where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
		await tx.delete(signIns).where(eq(signIns.userId, userId));
		await tx.delete(consents).where(eq(consents.userId, userId));
		await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
		await tx.delete(sessions).where(eq(sessions.userId, userId));
		if (user.email) {
			const [account] = await tx
				.delete(localAccounts)
				.where(eq(localAccounts.email, user.email.toLowerCase()))
				.returning({ id: localAccounts.id });
			// The built-in provider's sessions, grants and tokens of that account go with it.
			const accountId = account?.id ?? user.subject;
			await tx
				.delete(oidcPayloads)
				.where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
		}
		await tx
			.update(users)
			.set({
				subject: `deleted:${user.id}`,
				email: null,
				name: null,
				phone: null,
				address: null,
				areaId: null,
				areaName: null,
				avatarKey: null,
				bio: null,
				role: 'member',
				suspendedAt: null,
				suspendedUntil: null,
				updatedAt: now,
			})
			.where(eq(users.id, userId));
	});
	await deps.sessions.deleteAllOf(userId);
	await deleteOrganisationOf(deps, userId);
	const files = [
		...photos.flatMap(photoFiles),
		...(user.avatarKey ? [user.avatarKey] : []),
		...thanks.flatMap((row) => (row.photoKey ? [row.photoKey] : [])),
		...ownNeeds.flatMap((row) => (row.photoKey ? [row.photoKey] : [])),
	];
	await deleteFiles(deps.storage, files);
}

/** Purges every account whose grace period is over; returns how many. */
export async function purgeDeletedAccounts(deps: Deps, now = new Date()): Promise<number> {
	const due = await deps.db
		.select({ id: users.id })
		.from(users)
		.where(
			and(
				lt(users.deletionRequestedAt, new Date(now.getTime() - deletionGraceMs)),
				sql`${users.subject} not like 'deleted:%'`,
			),
		);
	for (const { id } of due) await purgeAccount(deps, id, now);
	return due.length;
}
