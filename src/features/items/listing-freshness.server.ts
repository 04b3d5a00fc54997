import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { freshnessLimits } from '~/config/limits';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, items } from '~/server/db/schema';
import { notify } from '~/features/notifications/notifications.server';

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** The last time the item was known to be there: its freshness or its latest hand-over. */
const lastSign = sql<Date>`greatest(${items.freshSince}, coalesce((select max(${itemRequests.handedOverAt}) from ${itemRequests} where ${itemRequests.itemId} = ${items.id}), ${items.freshSince}))`;

/** Available and in lists: the only listings that can go stale. */
const listed = and(eq(items.status, 'AVAILABLE'), isNull(items.hiddenAt));

/**
 * Asks the donors of listings with no hand-over and no answer for 30 days whether each is still
 * available (bell, push and mail), once per listing until they answer.
 */
export async function askStillAvailable(db: Database, now: Date): Promise<number> {
	return db.transaction(async (tx) => {
		const asked = await tx
			.update(items)
			.set({ staleAskedAt: now })
			.where(
				and(
					listed,
					// Asked before a hand-over that answered for it, it may be asked again.
					or(isNull(items.staleAskedAt), lt(items.staleAskedAt, lastSign)),
					sql`${lastSign} < ${before(now, freshnessLimits.askAfterMs).toISOString()}::timestamptz`,
				),
			)
			.returning({ id: items.id, donorId: items.donorId, name: items.name });
		await notify(
			tx,
			...asked.map((item) => ({
				userId: item.donorId,
				kind: 'stillAvailable' as const,
				itemId: item.id,
				data: { item: item.name },
			})),
		);
		return asked.length;
	});
}

/**
 * Hides the listings whose donor did not answer within 7 days of being asked (no renewal, no
 * hand-over since), telling the donor; they stay hidden until renewed.
 */
export async function hideStaleListings(db: Database, now: Date): Promise<number> {
	return db.transaction(async (tx) => {
		const hidden = await tx
			.update(items)
			.set({ hiddenAt: now, hiddenReason: 'stale' })
			.where(
				and(
					listed,
					isNotNull(items.staleAskedAt),
					lt(items.staleAskedAt, before(now, freshnessLimits.hideAfterMs)),
					sql`${lastSign} < ${items.staleAskedAt}`,
				),
			)
			.returning({ id: items.id, donorId: items.donorId, name: items.name });
		await notify(
			tx,
			...hidden.map((item) => ({
				userId: item.donorId,
				kind: 'listingStale' as const,
				itemId: item.id,
				data: { item: item.name },
			})),
		);
		return hidden.length;
	});
}

/** Asks about listings going stale, then hides those left unanswered, as of `now`. */
export async function freshnessUpkeep(db: Database, now = new Date()) {
	const hidden = await hideStaleListings(db, now);
	const asked = await askStillAvailable(db, now);
	return { asked, hidden };
}

/**
 * The donor's "still available" or one-tap renewal of an available listing: the 30 days start
 * again, a listing hidden as stale is back in lists, and it moves to the top of the newest unless
 * it was listed or moved there within the last week.
 */
export async function renewListing(tx: Transaction, itemId: number, now: Date): Promise<void> {
	const bumpDue = sql`coalesce(${items.bumpedAt}, ${items.createdAt}) <= ${before(now, freshnessLimits.bumpEveryMs).toISOString()}::timestamptz`;
	const at = sql`${now.toISOString()}::timestamptz`;
	await tx
		.update(items)
		.set({
			freshSince: now,
			staleAskedAt: null,
			hiddenAt: sql`case when ${items.hiddenReason} = 'stale' then null else ${items.hiddenAt} end`,
			hiddenReason: sql`case when ${items.hiddenReason} = 'stale' then null else ${items.hiddenReason} end`,
			createdAt: sql`case when ${bumpDue} then ${at} else ${items.createdAt} end`,
			bumpedAt: sql`case when ${bumpDue} then ${at} else ${items.bumpedAt} end`,
			updatedAt: now,
		})
		.where(eq(items.id, itemId));
}
