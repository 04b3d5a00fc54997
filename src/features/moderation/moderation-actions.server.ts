import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod/mini';
import { reportLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { type NewNotification, notify } from '~/features/notifications/notifications.server';
import type { Transaction } from '~/server/db/client';
import { reportReasons, targetKey, targetsNamed } from '~/features/reports/reports';
import type { UserRow } from '~/server/auth/users';
import type { ServerContext } from '~/server/context';
import { items, needs, thankYous, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { storableText } from '~/lib/text-fields';
import { actOnDrive } from './drive-actions.server';
import { moderationActionNames } from './moderation';
import { closeReports, recordAction } from './moderation-records.server';

/** An action sent from the desk: what, on which item, person, thank-you, need or drive, why. */
export const moderationInputSchema = z
	.object({
		action: z.enum(moderationActionNames, 'moderation.errors.actionInvalid'),
		itemId: z.optional(z.int().check(z.positive('moderation.errors.targetInvalid'))),
		userId: z.optional(z.string().check(z.minLength(1, 'moderation.errors.targetInvalid'))),
		thanksId: z.optional(z.int().check(z.positive('moderation.errors.targetInvalid'))),
		needId: z.optional(z.int().check(z.positive('moderation.errors.targetInvalid'))),
		driveId: z.optional(z.int().check(z.positive('moderation.errors.targetInvalid'))),
		reason: z.optional(z.enum(reportReasons, 'moderation.errors.reasonInvalid')),
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
		/** A suspension's length in days; left out, it is for good. */
		days: z.optional(
			z
				.int('moderation.errors.daysInvalid')
				.check(
					z.minimum(1, 'moderation.errors.daysInvalid'),
					z.maximum(reportLimits.suspendDaysMax, 'moderation.errors.daysInvalid'),
				),
		),
	})
	.check(
		z.refine((input) => targetsNamed(input) === 1, {
			message: 'moderation.errors.targetInvalid',
			path: ['target'],
		}),
	);

export type ModerationInput = z.output<typeof moderationInputSchema>;

const itemActions = ['hideItem', 'restoreItem'];
const userActions = ['warnUser', 'suspendUser', 'liftSuspension'];
const thanksActions = ['hideThanks'];
const needActions = ['hideNeed', 'restoreNeed'];
const driveActions = ['hideDrive', 'restoreDrive'];
const withReason = ['hideItem', 'warnUser', 'suspendUser', 'hideThanks', 'hideNeed', 'hideDrive'];

function parseAction(body: unknown): ModerationInput {
	const parsed = moderationInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	const input = parsed.data;
	const onItem = input.itemId !== undefined;
	const onUser = input.userId !== undefined;
	const onThanks = input.thanksId !== undefined;
	const onNeed = input.needId !== undefined;
	const onDrive = input.driveId !== undefined;
	if (
		(itemActions.includes(input.action) && !onItem) ||
		(userActions.includes(input.action) && !onUser) ||
		(thanksActions.includes(input.action) && !onThanks) ||
		(needActions.includes(input.action) && !onNeed) ||
		(driveActions.includes(input.action) && !onDrive)
	) {
		throw new AppError('VALIDATION_ERROR', { target: 'moderation.errors.targetInvalid' });
	}
	if (withReason.includes(input.action) && !input.reason) {
		throw new AppError('VALIDATION_ERROR', { reason: 'moderation.errors.reasonInvalid' });
	}
	return input;
}

async function lockedItem(tx: Transaction, id: number) {
	const [item] = await tx.select().from(items).where(eq(items.id, id)).for('update');
	if (!item) throw new AppError('NOT_FOUND');
	return item;
}

async function lockedUser(tx: Transaction, id: string) {
	const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
	if (!user) throw new AppError('NOT_FOUND');
	return user;
}

/** What an action changes on an item, in the desk's transaction. */
async function actOnItem(tx: Transaction, input: ModerationInput, now: Date) {
	const item = await lockedItem(tx, input.itemId!);
	const key = targetKey({ kind: 'item', itemId: item.id });
	const reason = input.reason ? { reason: input.reason } : {};
	const tell = (kind: NewNotification['kind']) =>
		notify(tx, {
			userId: item.donorId,
			kind,
			itemId: item.id,
			data: { item: item.name, ...reason },
		});
	if (input.action === 'dismiss') {
		await closeReports(tx, key, 'dismissed', now);
		// Reports found unfounded put an item hidden by them back; the money flag is cleared too.
		const restore = item.hiddenReason === 'reports';
		await tx
			.update(items)
			.set({ asksForMoney: false, ...(restore ? { hiddenAt: null, hiddenReason: null } : {}) })
			.where(eq(items.id, item.id));
		if (restore) await tell('itemRestored');
	} else if (input.action === 'hideItem') {
		await tx
			.update(items)
			.set({ hiddenAt: now, hiddenReason: 'moderator' })
			.where(eq(items.id, item.id));
		await closeReports(tx, key, 'actioned', now);
		await tell('itemHidden');
	} else {
		if (!item.hiddenAt)
			throw new AppError('VALIDATION_ERROR', { action: 'moderation.errors.notHidden' });
		await tx.update(items).set({ hiddenAt: null, hiddenReason: null }).where(eq(items.id, item.id));
		await closeReports(tx, key, 'dismissed', now);
		await tell('itemRestored');
	}
	return { key, until: null };
}

/**
 * What an action changes on a thank-you: hidden, it leaves the donor's profile and the item's
 * page; dismissed, its reports close. Its writer is not told: warning them is a separate action.
 */
async function actOnThanks(tx: Transaction, input: ModerationInput, now: Date) {
	const [thanks] = await tx
		.select()
		.from(thankYous)
		.where(eq(thankYous.id, input.thanksId!))
		.for('update');
	if (!thanks) throw new AppError('NOT_FOUND');
	const key = targetKey({ kind: 'thanks', thanksId: thanks.id });
	if (input.action === 'dismiss') {
		await closeReports(tx, key, 'dismissed', now);
	} else if (input.action === 'hideThanks') {
		await tx
			.update(thankYous)
			.set({ hiddenAt: now })
			.where(and(eq(thankYous.id, thanks.id), isNull(thankYous.hiddenAt)));
		await closeReports(tx, key, 'actioned', now);
	} else {
		throw new AppError('VALIDATION_ERROR', { target: 'moderation.errors.targetInvalid' });
	}
	return { key, until: null };
}

/**
 * What an action changes on a need: hidden, only its owner sees it; restored or its reports
 * dismissed, it is back in sight. Its owner is not told: warning them is a separate action.
 */
async function actOnNeed(tx: Transaction, input: ModerationInput, now: Date) {
	const [need] = await tx.select().from(needs).where(eq(needs.id, input.needId!)).for('update');
	if (!need) throw new AppError('NOT_FOUND');
	const key = targetKey({ kind: 'need', needId: need.id });
	const show = { hiddenAt: null, hiddenReason: null };
	if (input.action === 'dismiss') {
		await closeReports(tx, key, 'dismissed', now);
		const restore = need.hiddenReason === 'reports';
		await tx
			.update(needs)
			.set({ asksForMoney: false, ...(restore ? show : {}) })
			.where(eq(needs.id, need.id));
	} else if (input.action === 'hideNeed') {
		await tx
			.update(needs)
			.set({ hiddenAt: now, hiddenReason: 'moderator' })
			.where(eq(needs.id, need.id));
		await closeReports(tx, key, 'actioned', now);
	} else if (input.action === 'restoreNeed') {
		if (!need.hiddenAt)
			throw new AppError('VALIDATION_ERROR', { action: 'moderation.errors.notHidden' });
		await tx.update(needs).set(show).where(eq(needs.id, need.id));
		await closeReports(tx, key, 'dismissed', now);
	} else {
		throw new AppError('VALIDATION_ERROR', { target: 'moderation.errors.targetInvalid' });
	}
	return { key, until: null };
}

/** What an action changes on a person; a suspension also ends their sessions (after commit). */
async function actOnUser(tx: Transaction, input: ModerationInput, now: Date) {
	const person = await lockedUser(tx, input.userId!);
	const key = targetKey({ kind: 'user', userId: person.id });
	const data = input.reason ? { reason: input.reason } : {};
	const tell = (kind: NewNotification['kind']) =>
		notify(tx, { userId: person.id, kind, itemId: null, data });
	let until: Date | null = null;
	if (input.action === 'dismiss') {
		await closeReports(tx, key, 'dismissed', now);
	} else if (input.action === 'warnUser') {
		await closeReports(tx, key, 'actioned', now);
		await tell('accountWarned');
	} else if (input.action === 'suspendUser') {
		until = input.days ? new Date(now.getTime() + input.days * 24 * 60 * 60_000) : null;
		await tx
			.update(users)
			.set({ suspendedAt: now, suspendedUntil: until })
			.where(eq(users.id, person.id));
		// Their available items and their needs leave sight with them; lifting the suspension
		// brings them back.
		await tx
			.update(items)
			.set({ hiddenAt: now, hiddenReason: 'suspension' })
			.where(
				and(eq(items.donorId, person.id), eq(items.status, 'AVAILABLE'), isNull(items.hiddenAt)),
			);
		await tx
			.update(needs)
			.set({ hiddenAt: now, hiddenReason: 'suspension' })
			.where(and(eq(needs.ownerId, person.id), isNull(needs.hiddenAt)));
		await closeReports(tx, key, 'actioned', now);
		await tell('accountSuspended');
	} else if (input.action === 'liftSuspension') {
		await tx
			.update(users)
			.set({ suspendedAt: null, suspendedUntil: null })
			.where(eq(users.id, person.id));
		await tx
			.update(items)
			.set({ hiddenAt: null, hiddenReason: null })
			.where(and(eq(items.donorId, person.id), eq(items.hiddenReason, 'suspension')));
		await tx
			.update(needs)
			.set({ hiddenAt: null, hiddenReason: null })
			.where(and(eq(needs.ownerId, person.id), eq(needs.hiddenReason, 'suspension')));
		await tell('suspensionLifted');
	} else {
		throw new AppError('VALIDATION_ERROR', { target: 'moderation.errors.targetInvalid' });
	}
	return { key, until };
}

/**
 * `POST /moderation/actions`: one action of the desk, with its line in the audit log, in one
 * transaction. Suspending ends the person's sessions at once.
 */
export async function moderate(
	server: Pick<ServerContext, 'db' | 'sessions'>,
	moderator: UserRow,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	const input = parseAction(body);
	if (input.userId === moderator.id) {
		throw new AppError('VALIDATION_ERROR', { target: 'moderation.errors.ownAccount' });
	}
	const entry = await server.db.transaction(async (tx) => {
		const { key, until } =
			input.itemId !== undefined
				? await actOnItem(tx, input, now)
				: input.thanksId !== undefined
					? await actOnThanks(tx, input, now)
					: input.needId !== undefined
						? await actOnNeed(tx, input, now)
						: input.driveId !== undefined
							? await actOnDrive(tx, input.action, input.driveId, now)
							: await actOnUser(tx, input, now);
		return recordAction(
			tx,
			{
				moderatorId: moderator.id,
				action: input.action,
				targetKey: key,
				reason: input.reason,
				note: input.note,
				until,
			},
			now,
		);
	});
	if (input.action === 'suspendUser') await server.sessions.deleteAllOf(input.userId!);
	return entry;
}
