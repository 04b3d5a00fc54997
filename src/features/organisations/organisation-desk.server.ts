import { and, asc, eq } from 'drizzle-orm';
import { fieldErrors } from '~/lib/field-errors';
import { notify } from '~/features/notifications/notifications.server';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { moderationActions, organisations, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { type Organisation, organisationDecisionSchema } from './organisations';
import { organisationOf } from './organisations.server';

/** An organisation waiting on the desk, with its owner. */
export interface OrganisationToVerify extends Organisation {
	owner: { id: string; name: string };
}

/** The organisations waiting for a moderator, oldest first (docs/product-rules.md#organisations). */
export async function organisationsToVerify(db: Database): Promise<OrganisationToVerify[]> {
	const rows = await db
		.select({ organisation: organisations, ownerName: users.name })
		.from(organisations)
		.innerJoin(users, eq(users.id, organisations.ownerId))
		.where(eq(organisations.state, 'pending'))
		.orderBy(asc(organisations.createdAt), asc(organisations.id));
	return rows.map(({ organisation, ownerName }) => ({
		...organisationOf(organisation),
		owner: { id: organisation.ownerId, name: ownerName ?? '' },
	}));
}

/**
 * A moderator verifies a pending organisation or refuses it with a note the owner reads. The
 * audit log keeps it against the owner, and the owner is told. Its document photo is deleted
 * 30 days later (`deleteDecidedDocuments`).
 */
export async function decideOrganisation(
	db: Database,
	moderator: UserRow,
	id: number,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	const parsed = organisationDecisionSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	const { decision } = parsed.data;
	const note = parsed.data.note || null;
	if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND');
	return db.transaction(async (tx) => {
		const [decided] = await tx
			.update(organisations)
			.set({
				state: decision === 'verify' ? 'verified' : 'refused',
				decisionNote: decision === 'refuse' ? note : null,
				decidedBy: moderator.id,
				decidedAt: now,
				updatedAt: now,
			})
			.where(and(eq(organisations.id, id), eq(organisations.state, 'pending')))
			.returning({ ownerId: organisations.ownerId, name: organisations.name });
		if (!decided) {
			const [exists] = await tx
				.select({ id: organisations.id })
				.from(organisations)
				.where(eq(organisations.id, id));
			throw exists
				? new AppError('REQUEST_CONFLICT', undefined, undefined, {
						key: 'organisations.errors.alreadyDecided',
					})
				: new AppError('NOT_FOUND');
		}
		const [logged] = await tx
			.insert(moderationActions)
			.values({
				moderatorId: moderator.id,
				action: decision === 'verify' ? 'verifyOrganisation' : 'refuseOrganisation',
				targetKey: `user:${decided.ownerId}`,
				note,
				createdAt: now,
			})
			.returning({ id: moderationActions.id });
		await notify(tx, {
			userId: decided.ownerId,
			kind: decision === 'verify' ? 'organisationVerified' : 'organisationRefused',
			itemId: null,
			data: { organisation: decided.name, ...(note ? { note } : {}) },
		});
		return { id: logged!.id };
	});
}
