import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '~/server/db/client';
import { itemRequests } from '~/server/db/schema';

export type RequestRow = typeof itemRequests.$inferSelect;

/** The start of `now`'s day in Asia/Jakarta (UTC+7, no daylight saving). */
export function jakartaDayStart(now: Date): Date {
	const offset = 7 * 60 * 60_000;
	const local = now.getTime() + offset;
	return new Date(local - (local % (24 * 60 * 60_000)) - offset);
}

/** Counted, confirmed hand-overs matching `where`, for the collusion limits. */
export async function countedConfirmations(tx: Transaction, where: ReturnType<typeof sql>) {
	const [row] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(itemRequests)
		.where(and(eq(itemRequests.state, 'confirmed'), eq(itemRequests.countsForImpact, true), where));
	return Number(row?.count ?? 0);
}
