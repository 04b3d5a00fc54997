import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod/mini';
import type { z as zod } from 'zod';
import { reportLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { storableText } from '~/lib/text-fields';
import { notify } from '~/features/notifications/notifications.server';
import { noShowDecisions, noShowOf } from '~/features/requests/no-show-disputes';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { itemRequests, items, moderationActions, noShowDisputes, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import type { noShowDisputeEntrySchema } from './moderation.routes';

/** A decision sent from the desk: keep or strike the no-show, with an optional note. */
export const noShowDecisionInputSchema = z.object({
	decision: z.enum(noShowDecisions, 'moderation.errors.decisionInvalid'),
	note: z.optional(
		z.nullable(
			z
				.string()
				.check(
					z.trim(),
					storableText,
					z.maxLength(reportLimits.detailsMax, 'moderation.errors.noteMax'),
				),
		),
	),
});

/** A disputed no-show waiting on the desk. */
export type NoShowDisputeEntry = zod.output<typeof noShowDisputeEntrySchema>;

/** The disputes no moderator has decided yet, oldest first (docs/product-rules.md#no-show-disputes). */
export async function noShowDisputeQueue(db: Database): Promise<NoShowDisputeEntry[]> {
	const donors = alias(users, 'donors');
	const receivers = alias(users, 'receivers');
	const rows = await db
		.select({
			requestId: noShowDisputes.requestId,
			statement: noShowDisputes.statement,
			disputedAt: noShowDisputes.createdAt,
			state: itemRequests.state,
			declineReason: itemRequests.declineReason,
			endedAt: itemRequests.closedAt,
			itemId: items.id,
			itemName: items.name,
			donorId: donors.id,
			donorName: donors.name,
			receiverId: receivers.id,
			receiverName: receivers.name,
		})
		.from(noShowDisputes)
		.innerJoin(itemRequests, eq(itemRequests.id, noShowDisputes.requestId))
		.innerJoin(items, eq(items.id, itemRequests.itemId))
		.innerJoin(donors, eq(donors.id, itemRequests.donorId))
		.innerJoin(receivers, eq(receivers.id, itemRequests.receiverId))
		.where(isNull(noShowDisputes.decision))
		.orderBy(asc(noShowDisputes.createdAt), asc(noShowDisputes.requestId));
	return rows.map((row) => {
		const donor = { id: row.donorId, name: row.donorName ?? '' };
		const receiver = { id: row.receiverId, name: row.receiverName ?? '' };
		const against = noShowOf(row) ?? 'receiver';
		return {
			requestId: row.requestId,
			item: { id: row.itemId, name: row.itemName },
			against,
			disputer: against === 'donor' ? donor : receiver,
			other: against === 'donor' ? receiver : donor,
			statement: row.statement,
			endedAt: (row.endedAt ?? row.disputedAt).toISOString(),
			disputedAt: row.disputedAt.toISOString(),
		};
	});
}

/**
 * A moderator keeps or strikes a disputed no-show, once: a struck one no longer counts anywhere.
 * The audit log keeps it against the person who disputed, and they are told the outcome.
 */
export async function decideNoShowDispute(
	db: Database,
	moderator: UserRow,
	requestId: number,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	const parsed = noShowDecisionInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	const { decision, note } = parsed.data;
	if (!Number.isSafeInteger(requestId)) throw new AppError('NOT_FOUND');
	return db.transaction(async (tx) => {
		const [decided] = await tx
			.update(noShowDisputes)
			.set({ decision, decidedAt: now })
			.where(and(eq(noShowDisputes.requestId, requestId), isNull(noShowDisputes.decision)))
			.returning({ disputedBy: noShowDisputes.disputedBy });
		if (!decided) {
			const [exists] = await tx
				.select({ decision: noShowDisputes.decision })
				.from(noShowDisputes)
				.where(eq(noShowDisputes.requestId, requestId));
			throw exists
				? new AppError('REQUEST_CONFLICT', undefined, undefined, {
						key: 'moderation.errors.disputeDecided',
					})
				: new AppError('NOT_FOUND');
		}
		const [request] = await tx
			.select({
				itemId: itemRequests.itemId,
				donorId: itemRequests.donorId,
				itemName: sql<string>`(select ${items.name} from ${items} where ${items.id} = ${itemRequests.itemId})`,
			})
			.from(itemRequests)
			.where(eq(itemRequests.id, requestId));
		const [logged] = await tx
			.insert(moderationActions)
			.values({
				moderatorId: moderator.id,
				action: decision === 'struck' ? 'strikeNoShow' : 'upholdNoShow',
				targetKey: `user:${decided.disputedBy}`,
				note: note || null,
				createdAt: now,
			})
			.returning({ id: moderationActions.id });
		await notify(tx, {
			userId: decided.disputedBy,
			kind: decision === 'struck' ? 'noShowStruck' : 'noShowUpheld',
			itemId: request!.itemId,
			requestId,
			data: {
				item: request!.itemName,
				side: request!.donorId === decided.disputedBy ? 'donor' : 'receiver',
			},
		});
		return { id: logged!.id };
	});
}
