import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { type PublicOrganisation, profileOrganisation } from './organisations.server';
import { itemRequests, items } from '~/server/db/schema';

/** How many of the latest givings a verified organisation's profile names. */
export const latestGivingsShown = 5;

/** What a verified organisation has received: confirmed givings to its owner. */
export interface ReceivedGivings {
	count: number;
	latest: { requestId: number; itemId: number; name: string; confirmedAt: string }[];
}

/** The confirmed givings to `ownerId`, counted, with the latest few named. */
export async function receivedGivings(db: Database, ownerId: string): Promise<ReceivedGivings> {
	const confirmedTo = and(
		eq(itemRequests.receiverId, ownerId),
		eq(itemRequests.state, 'confirmed'),
	);
	const [[total], latest] = await Promise.all([
		db.select({ count: count() }).from(itemRequests).where(confirmedTo),
		db
			.select({
				requestId: itemRequests.id,
				itemId: items.id,
				name: items.name,
				confirmedAt: itemRequests.confirmedAt,
				createdAt: itemRequests.createdAt,
			})
			.from(itemRequests)
			.innerJoin(items, eq(items.id, itemRequests.itemId))
			.where(confirmedTo)
			.orderBy(desc(itemRequests.confirmedAt), desc(itemRequests.id))
			.limit(latestGivingsShown),
	]);
	return {
		count: total?.count ?? 0,
		latest: latest.map((row) => ({
			requestId: row.requestId,
			itemId: row.itemId,
			name: row.name,
			confirmedAt: (row.confirmedAt ?? row.createdAt).toISOString(),
		})),
	};
}

/**
 * What a profile shows of its member's organisation: the organisation the viewer may see (see
 * `profileOrganisation`) and, for a verified one, what it has received.
 */
export async function organisationOnProfile(
	db: Database,
	ownerId: string,
	viewerId: string | null,
): Promise<{ organisation: PublicOrganisation | null; received: ReceivedGivings | null }> {
	const organisation = await profileOrganisation(db, ownerId, viewerId);
	const received = organisation?.verified ? await receivedGivings(db, ownerId) : null;
	return { organisation, received };
}
