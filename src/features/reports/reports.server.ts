import { and, asc, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { reportLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { notify } from '~/features/notifications/notifications.server';
import { lockItem } from '~/features/items/item-stock.server';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { items, needs, reports, thankYous, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { reportInputSchema, type ReportTarget, targetKey, type ValidReport } from './reports';
import type { receiptSchema } from './reports.routes';

/** What `POST /reports` answers: the report, and whether its item is now under review. */
export type ReportReceipt = z.output<typeof receiptSchema>;

function parseReport(body: unknown): ValidReport {
	const parsed = reportInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	return parsed.data;
}

/** Past the day's reports: 429 with the limit in the message and the wait until the oldest ages out. */
async function refuseAtDailyLimit(db: Database, reporterId: string, now: Date): Promise<void> {
	const since = new Date(now.getTime() - reportLimits.dayMs);
	const recent = await db
		.select({ createdAt: reports.createdAt })
		.from(reports)
		.where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)))
		.orderBy(asc(reports.createdAt));
	if (recent.length < reportLimits.perDay) return;
	const oldest = recent[0]!.createdAt.getTime();
	const wait = Math.max(1, Math.ceil((oldest + reportLimits.dayMs - now.getTime()) / 1000));
	throw new AppError('RATE_LIMITED', undefined, wait, {
		key: 'reports.errors.dailyLimit',
		values: { limit: reportLimits.perDay },
	});
}

/**
 * Takes the item out of lists and search, pending review, once enough different people with
 * complete profiles have an open report of it, and tells its donor why.
 */
async function hideWhenReportedEnough(tx: Transaction, itemId: number): Promise<boolean> {
	const item = await lockItem(tx, itemId);
	if (item.hiddenAt) return false;
	const [counted] = await tx
		.select({ reporters: countDistinct(reports.reporterId) })
		.from(reports)
		.innerJoin(users, eq(users.id, reports.reporterId))
		.where(
			and(
				eq(reports.targetKey, targetKey({ kind: 'item', itemId })),
				eq(reports.state, 'open'),
				sql`${users.name} is not null and ${users.phone} is not null and ${users.address} is not null and ${users.areaId} is not null`,
			),
		);
	if (Number(counted?.reporters ?? 0) < reportLimits.reportersToHide) return false;
	await tx
		.update(items)
		.set({ hiddenAt: new Date(), hiddenReason: 'reports' })
		.where(and(eq(items.id, itemId), isNull(items.hiddenAt)));
	await notify(tx, {
		userId: item.donorId,
		kind: 'itemUnderReview',
		itemId,
		data: { item: item.name },
	});
	return true;
}

/** Open reports of `key` by different people with complete profiles. */
async function reportersOf(tx: Transaction, key: string): Promise<number> {
	const [counted] = await tx
		.select({ reporters: countDistinct(reports.reporterId) })
		.from(reports)
		.innerJoin(users, eq(users.id, reports.reporterId))
		.where(
			and(
				eq(reports.targetKey, key),
				eq(reports.state, 'open'),
				sql`${users.name} is not null and ${users.phone} is not null and ${users.address} is not null and ${users.areaId} is not null`,
			),
		);
	return Number(counted?.reporters ?? 0);
}

/** A need reported by enough people leaves sight pending review, as an item does. */
async function hideNeedWhenReportedEnough(tx: Transaction, needId: number): Promise<boolean> {
	const [need] = await tx.select().from(needs).where(eq(needs.id, needId)).for('update');
	if (!need || need.hiddenAt) return false;
	if ((await reportersOf(tx, targetKey({ kind: 'need', needId }))) < reportLimits.reportersToHide) {
		return false;
	}
	await tx
		.update(needs)
		.set({ hiddenAt: new Date(), hiddenReason: 'reports' })
		.where(eq(needs.id, needId));
	return true;
}

/**
 * The person a report is about: the item's donor, the thank-you's writer, the need's owner, or
 * the person named.
 */
async function reportedPerson(db: Database, target: ReportTarget): Promise<string> {
	if (target.kind === 'need') {
		const [need] = await db
			.select({ ownerId: needs.ownerId, hiddenAt: needs.hiddenAt })
			.from(needs)
			.where(eq(needs.id, target.needId));
		if (!need) throw new AppError('NOT_FOUND');
		return need.ownerId;
	}
	if (target.kind === 'thanks') {
		const [thanks] = await db
			.select({ receiverId: thankYous.receiverId })
			.from(thankYous)
			.where(eq(thankYous.id, target.thanksId));
		if (!thanks) throw new AppError('NOT_FOUND');
		return thanks.receiverId;
	}
	if (target.kind === 'item') {
		const [item] = await db
			.select({ donorId: items.donorId })
			.from(items)
			.where(eq(items.id, target.itemId));
		if (!item) throw new AppError('NOT_FOUND');
		return item.donorId;
	}
	const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
	if (!user) throw new AppError('NOT_FOUND');
	return user.id;
}

/**
 * `POST /reports`: one open report per reporter and target, at most `reportLimits.perDay` a day;
 * nobody reports themselves, their own items, needs or thank-yous. An item or a need reported by
 * enough people is hidden at once (docs/product-rules.md#trust-and-safety).
 */
export async function createReport(
	db: Database,
	reporter: UserRow,
	body: unknown,
	now = new Date(),
): Promise<ReportReceipt> {
	const input = parseReport(body);
	const target: ReportTarget =
		input.itemId !== undefined
			? { kind: 'item', itemId: input.itemId }
			: input.thanksId !== undefined
				? { kind: 'thanks', thanksId: input.thanksId }
				: input.needId !== undefined
					? { kind: 'need', needId: input.needId }
					: { kind: 'user', userId: input.userId! };
	const personId = await reportedPerson(db, target);
	if (personId === reporter.id) {
		throw new AppError('VALIDATION_ERROR', { target: 'reports.errors.ownTarget' });
	}
	const key = targetKey(target);
	const [open] = await db
		.select({ id: reports.id })
		.from(reports)
		.where(
			and(
				eq(reports.reporterId, reporter.id),
				eq(reports.targetKey, key),
				eq(reports.state, 'open'),
			),
		);
	if (open) throw new AppError('REPORT_DUPLICATE');
	await refuseAtDailyLimit(db, reporter.id, now);
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(reports)
			.values({
				reporterId: reporter.id,
				targetKey: key,
				itemId: target.kind === 'item' ? target.itemId : null,
				needId: target.kind === 'need' ? target.needId : null,
				userId: personId,
				reason: input.reason,
				details: input.details || null,
				createdAt: now,
			})
			.onConflictDoNothing()
			.returning({ id: reports.id });
		// The same report sent twice at once: the other one was stored first.
		if (!row) throw new AppError('REPORT_DUPLICATE');
		const itemHidden =
			target.kind === 'item'
				? await hideWhenReportedEnough(tx, target.itemId)
				: target.kind === 'need'
					? await hideNeedWhenReportedEnough(tx, target.needId)
					: false;
		return { id: row.id, itemHidden };
	});
}
