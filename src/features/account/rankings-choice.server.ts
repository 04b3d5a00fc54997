import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { users } from '~/server/db/schema';
import type { RankingsChoice } from './account';

/**
 * Puts the person in the heroes rankings or leaves them out (their objection to being ranked).
 * Leaving keeps the first time they left; their givings still count in the site's totals.
 */
export async function chooseRankings(
	db: Database,
	userId: string,
	ranked: boolean,
	now = new Date(),
): Promise<RankingsChoice> {
	const [current] = await db
		.select({ leftRankingsAt: users.leftRankingsAt })
		.from(users)
		.where(eq(users.id, userId));
	const leftRankingsAt = ranked ? null : (current?.leftRankingsAt ?? now);
	if ((current?.leftRankingsAt ?? null)?.getTime() !== leftRankingsAt?.getTime()) {
		await db.update(users).set({ leftRankingsAt }).where(eq(users.id, userId));
	}
	return { ranked, leftRankingsAt: leftRankingsAt?.toISOString() ?? null };
}
