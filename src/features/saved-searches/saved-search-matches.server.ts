import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { notify } from '~/features/notifications/notifications.server';
import type { Transaction } from '~/server/db/client';
import { items, savedSearches } from '~/server/db/schema';

/**
 * Tells everyone whose saved search a new item matches, once each however many of their
 * searches match: its words are in the item's search text (name, description, city and
 * district), and its category and place, when it has them, are the item's. The donor is not
 * told of their own item. Runs when the item is listed, inside its transaction.
 */
export async function notifySavedSearches(tx: Transaction, itemId: number): Promise<void> {
	const s = savedSearches;
	const matches = await tx
		.selectDistinctOn([s.userId], { userId: s.userId, label: s.label, item: items.name })
		.from(s)
		.innerJoin(items, eq(items.id, itemId))
		.where(
			and(
				ne(s.userId, items.donorId),
				or(isNull(s.category), eq(s.category, items.category)),
				or(isNull(s.provinceCode), eq(s.provinceCode, items.pickupProvinceCode)),
				or(isNull(s.regencyCode), eq(s.regencyCode, items.pickupRegencyCode)),
				or(isNull(s.search), sql`strpos(${items.searchText}, ${s.search}) > 0`),
			),
		)
		.orderBy(s.userId, s.id);
	await notify(
		tx,
		...matches.map((match) => ({
			userId: match.userId,
			kind: 'savedSearchMatch' as const,
			itemId,
			data: { item: match.item, label: match.label },
		})),
	);
}
