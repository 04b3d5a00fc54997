import { sql } from 'drizzle-orm';
import type { Transaction } from '~/server/db/client';

/**
 * What a receiver's turn is locked under. Asking and ordering a courier take the same turn, so
 * an ask and an order at the same moment cannot both pass the limit of requests in progress.
 */
export const receiverTurnPrefix = 'asking:';

/**
 * Takes the receiver's turn until the transaction ends: an advisory lock, which writes nothing,
 * where locking the user's row would. Taken before any item's row, as asking does, so an ask and
 * an order never wait on each other's locks in opposite orders.
 */
export async function takeReceiverTurn(tx: Transaction, receiverId: string): Promise<void> {
	await tx.execute(
		sql`select pg_advisory_xact_lock(hashtextextended(${receiverTurnPrefix} || ${receiverId}::text, 0))`,
	);
}
