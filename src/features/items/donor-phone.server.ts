/**
 * Who sees an item's donor's phone (docs/product-rules.md#phone-privacy, decision 004): never
 * someone the donor blocked or who blocked the donor; anyone else within the reveal limit, which counts a donor's phone
 * once per item per window.
 */
import { and, eq, or } from 'drizzle-orm';
import type { ServerContext } from '~/server/context';
import type { Database } from '~/server/db/client';
import { userBlocks } from '~/server/db/schema';
import { rateLimitRules } from '~/server/rate-limit';
import type { Viewer } from './item-records.server';
import type { Item } from './items';

/** Whether either of two people blocked the other: then neither sees the other's phone. */
async function blockedBetween(db: Database, donorId: string, userId: string): Promise<boolean> {
	const [row] = await db
		.select({ blockedId: userBlocks.blockedId })
		.from(userBlocks)
		.where(
			or(
				and(eq(userBlocks.blockerId, donorId), eq(userBlocks.blockedId, userId)),
				and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, donorId)),
			),
		)
		.limit(1);
	return Boolean(row);
}

function withoutPhone(item: Item): Item {
	const donor = { ...item.donor };
	delete donor.phone;
	return { ...item, donor };
}

/** The item as `viewer` may see it: its donor's phone counted against their limit, or left out. */
export async function limitPhone(
	server: Pick<ServerContext, 'db' | 'rateLimiter'>,
	viewer: Viewer | null,
	item: Item,
): Promise<Item> {
	if (!viewer || !item.donor.phone || viewer.id === item.donorId) return item;
	if (await blockedBetween(server.db, item.donorId, viewer.id)) return withoutPhone(item);
	const pair = await server.rateLimiter.hit(
		`phone-item:${viewer.id}:${item.id}`,
		rateLimitRules.phoneReveal,
	);
	if (pair.count > 1) return item;
	const reveals = await server.rateLimiter.hit(`phone:${viewer.id}`, rateLimitRules.phoneReveal);
	return reveals.allowed ? item : withoutPhone(item);
}
