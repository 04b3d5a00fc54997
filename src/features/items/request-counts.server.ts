import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { itemRequests } from '~/server/db/schema';

/** Per item of a donor: requests open or reserved, and of them the ones the donor has not seen. */
export async function requestCountsOf(
	db: Database,
	donorId: string,
): Promise<Map<number, { open: number; new: number }>> {
	const rows = await db
		.select({
			itemId: itemRequests.itemId,
			open: sql<number>`count(*)::int`,
			new: sql<number>`(count(*) filter (where ${itemRequests.seenByDonorAt} is null))::int`,
		})
		.from(itemRequests)
		.where(
			and(eq(itemRequests.donorId, donorId), inArray(itemRequests.state, ['open', 'reserved'])),
		)
		.groupBy(itemRequests.itemId);
	return new Map(rows.map((row) => [row.itemId, { open: Number(row.open), new: Number(row.new) }]));
}
