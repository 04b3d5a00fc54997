import { eq } from 'drizzle-orm';
import { reliabilityLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { itemRequests, noShowDisputes } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { noShowDisputeSchema, noShowOf } from './no-show-disputes';
import type { ItemRequest } from './requests';
import { findRequest } from './request-views.server';

const conflict = (key: string) =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, { key: `requests.errors.${key}` });

/**
 * `POST /requests/{id}/no-show-dispute`: the person a no-show counts against disputes it, once,
 * in their own words, for a moderator to decide. It keeps counting until struck.
 */
export async function disputeNoShow(
	db: Database,
	user: UserRow,
	requestId: number,
	body: unknown,
	now = new Date(),
): Promise<ItemRequest> {
	const parsed = noShowDisputeSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	const [request] = Number.isSafeInteger(requestId)
		? await db
				.select({
					donorId: itemRequests.donorId,
					receiverId: itemRequests.receiverId,
					state: itemRequests.state,
					declineReason: itemRequests.declineReason,
					closedAt: itemRequests.closedAt,
				})
				.from(itemRequests)
				.where(eq(itemRequests.id, requestId))
		: [];
	const viewer =
		request?.donorId === user.id ? 'donor' : request?.receiverId === user.id ? 'receiver' : null;
	if (!request || !viewer) throw new AppError('NOT_FOUND');
	if (noShowOf(request) !== viewer) throw conflict('noShowNotYours');
	const closedAt = request.closedAt?.getTime() ?? 0;
	if (now.getTime() - closedAt >= reliabilityLimits.recordWindowMs) throw conflict('noShowPast');
	const [disputed] = await db
		.insert(noShowDisputes)
		.values({ requestId, disputedBy: user.id, statement: parsed.data.statement, createdAt: now })
		.onConflictDoNothing()
		.returning({ requestId: noShowDisputes.requestId });
	if (!disputed) throw conflict('noShowDisputedAlready');
	return findRequest(db, user.id, requestId, now);
}
