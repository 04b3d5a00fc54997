import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { notify } from '~/features/notifications/notifications.server';
import type { Database, Transaction } from '~/server/db/client';
import { items, needs, savedSearches } from '~/server/db/schema';

/**
 * Tells everyone whose saved search a new item matches, once each however many of their
 * searches match: its words are in the item's search text (name, description, city and
 * district), and its category and place, when it has them, are the item's. The donor is not
 * told of their own item, nor are those whose searches follow needs only. Runs when the item is
 * listed, inside its transaction.
 */
export async function notifySavedSearches(tx: Transaction, itemId: number): Promise<void> {
	const s = savedSearches;
	const matches = await tx
		.selectDistinctOn([s.userId], { userId: s.userId, label: s.label, item: items.name })
		.from(s)
		.innerJoin(items, eq(items.id, itemId))
		.where(
			and(
				inArray(s.targets, ['items', 'all']),
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

/**
 * Tells everyone whose saved search follows needs (`targets` `needs` or `all`) and matches a new
 * need, once each, as `notifySavedSearches` does for items: its words in the need's search text
 * (title, description, city and district), its category and place the need's. The person in
 * need is not told of their own need. A need that is not open or is hidden tells no one.
 *
 * Called by the code that posts a need, after (or inside) the transaction that stores it; given
 * the database it opens a transaction of its own, so the notifications and their deliveries are
 * written together.
 */
export async function notifySavedSearchesOfNeed(
	db: Database | Transaction,
	needId: number,
): Promise<void> {
	const s = savedSearches;
	await db.transaction(async (tx) => {
		const matches = await tx
			.selectDistinctOn([s.userId], { userId: s.userId, label: s.label, need: needs.title })
			.from(s)
			.innerJoin(needs, eq(needs.id, needId))
			.where(
				and(
					inArray(s.targets, ['needs', 'all']),
					eq(needs.state, 'open'),
					isNull(needs.hiddenAt),
					ne(s.userId, needs.ownerId),
					or(isNull(s.category), eq(s.category, needs.category)),
					or(isNull(s.provinceCode), eq(s.provinceCode, needs.provinceCode)),
					or(isNull(s.regencyCode), eq(s.regencyCode, needs.regencyCode)),
					or(isNull(s.search), sql`strpos(${needs.searchText}, ${s.search}) > 0`),
				),
			)
			.orderBy(s.userId, s.id);
		await notify(
			tx,
			...matches.map((match) => ({
				userId: match.userId,
				kind: 'savedSearchNeedMatch' as const,
				itemId: null,
				data: { need: match.need, needId, label: match.label },
			})),
		);
	});
}
