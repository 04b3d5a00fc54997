import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { reportLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { drives, items, moderationActions, needs, thankYous, users } from '~/server/db/schema';
import type { auditEntrySchema } from './moderation.routes';

/** The most lines the queue's histories show together: ten for each of its fifty targets. */
const historyLinesMax = 500;

/** A line of the audit log, as the desk and the admin CLI show it. */
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** Lines of the audit log: all, or those of some targets, newest first. */
export async function auditLog(db: Database, keys?: string[]): Promise<AuditEntry[]> {
	if (keys && keys.length === 0) return [];
	const moderator = alias(users, 'moderator');
	const rows = await db
		.select({ action: moderationActions, name: moderator.name })
		.from(moderationActions)
		.leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
		.where(keys ? inArray(moderationActions.targetKey, keys) : undefined)
		.orderBy(desc(moderationActions.id))
		.limit(keys ? historyLinesMax : reportLimits.auditLogListed);
	const targets = await auditTargets(
		db,
		rows.map(({ action }) => action.targetKey),
	);
	return rows.map(({ action, name }) => ({
		id: action.id,
		action: action.action,
		targetKey: action.targetKey,
		target: targets(action.targetKey),
		reason: action.reason,
		note: action.note,
		until: action.until?.toISOString() ?? null,
		createdAt: action.createdAt.toISOString(),
		moderator: { id: action.moderatorId, name: name ?? '' },
	}));
}

/** The numeric ids of the `prefix` keys among `keys`: `need:` gives each need's id. */
export function idsOf(keys: string[], prefix: string): number[] {
	return [...new Set(keys.filter((key) => key.startsWith(prefix)))]
		.map((key) => Number(key.slice(prefix.length)))
		.filter(Number.isSafeInteger);
}

/**
 * The targets of `keys` with their names: an item's, a person's display name, a need's or a
 * drive's title; `null` for a deleted item, need, drive or account.
 */
async function auditTargets(db: Database, keys: string[]) {
	const itemIds = idsOf(keys, 'item:');
	const userIds = [...new Set(keys.filter((key) => key.startsWith('user:')))].map((key) =>
		key.slice(5),
	);
	const thanksIds = idsOf(keys, 'thanks:');
	const needIds = idsOf(keys, 'need:');
	const driveIds = idsOf(keys, 'drive:');
	const [itemRows, userRows, thanksRows, needRows, driveRows] = await Promise.all([
		itemIds.length === 0
			? []
			: db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, itemIds)),
		userIds.length === 0
			? []
			: db
					.select({ id: users.id, name: users.name, subject: users.subject })
					.from(users)
					.where(inArray(users.id, userIds)),
		thanksIds.length === 0
			? []
			: db
					.select({ id: thankYous.id, message: thankYous.message })
					.from(thankYous)
					.where(inArray(thankYous.id, thanksIds)),
		needIds.length === 0
			? []
			: db
					.select({ id: needs.id, name: needs.title })
					.from(needs)
					.where(inArray(needs.id, needIds)),
		driveIds.length === 0
			? []
			: db
					.select({ id: drives.id, title: drives.title })
					.from(drives)
					.where(inArray(drives.id, driveIds)),
	]);
	const needTitles = new Map(needRows.map((row) => [row.id, row.name]));
	const driveTitles = new Map(driveRows.map((row) => [row.id, row.title]));
	const thanksMessages = new Map(thanksRows.map((row) => [row.id, row.message]));
	const itemNames = new Map(itemRows.map((row) => [row.id, row.name]));
	const userNames = new Map(
		userRows
			.filter((row) => !row.subject.startsWith('deleted:'))
			.map((row) => [row.id, row.name ?? '']),
	);
	return (key: string): AuditEntry['target'] => {
		if (key.startsWith('thanks:')) {
			const thanksId = Number(key.slice(7));
			return { kind: 'thanks', id: thanksId, name: thanksMessages.get(thanksId) ?? null };
		}
		if (key.startsWith('drive:')) {
			const driveId = Number(key.slice(6));
			return { kind: 'drive', id: driveId, name: driveTitles.get(driveId) ?? null };
		}
		const id = key.slice(5);
		if (key.startsWith('need:')) {
			return { kind: 'need', id: Number(id), name: needTitles.get(Number(id)) ?? null };
		}
		return key.startsWith('item:')
			? { kind: 'item', id: Number(id), name: itemNames.get(Number(id)) ?? null }
			: { kind: 'user', id, name: userNames.get(id) ?? null };
	};
}
