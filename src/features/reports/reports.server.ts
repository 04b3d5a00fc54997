import { and, asc, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { reportLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { notify } from '~/features/notifications/notifications.server';
import { lockItem } from '~/features/items/item-stock.server';
import { hideDrive, lockedDrive } from '~/features/needs/drive-visibility.server';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { drives, items, needs, reports, thankYous, users } from '~/server/db/schema';
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

/**
 * Takes the item out of lists and search, pending review, once enough different people with
 * complete profiles have an open report of it, and tells its donor why.
 */
async function hideWhenReportedEnough(tx: Transaction, itemId: number): Promise<boolean> {
	const item = await lockItem(tx, itemId);
	if (item.hiddenAt) return false;
	if ((await reportersOf(tx, targetKey({ kind: 'item', itemId }))) < reportLimits.reportersToHide) {
		return false;
	}
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

/** A drive reported by enough people leaves sight with its needs pending review, as a need does. */
async function hideDriveWhenReportedEnough(
	tx: Transaction,
	driveId: number,
	now: Date,
): Promise<boolean> {
	const drive = await lockedDrive(tx, driveId);
	if (drive.hiddenAt) return false;
	const key = targetKey({ kind: 'drive', driveId });
	if ((await reportersOf(tx, key)) < reportLimits.reportersToHide) return false;
	await hideDrive(tx, driveId, 'reports', now);
	return true;
}

/**
 * The person a report is about: the item's donor, the thank-you's writer, the need's owner, the
 * drive's creator, or the person named.
 */
async function reportedPerson(db: Database, target: ReportTarget): Promise<string> {
	if (target.kind === 'drive') {
		const [drive] = await db
			.select({ createdBy: drives.createdBy })
			.from(drives)
			.where(eq(drives.id, target.driveId));
		if (!drive) throw new AppError('NOT_FOUND');
		return drive.createdBy;
	}
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

/** What the report names, from the one id it was sent with. */
function reportTarget(input: ValidReport): ReportTarget {
	if (input.itemId !== undefined) return { kind: 'item', itemId: input.itemId };
	if (input.thanksId !== undefined) return { kind: 'thanks', thanksId: input.thanksId };
	if (input.needId !== undefined) return { kind: 'need', needId: input.needId };
	if (input.driveId !== undefined) return { kind: 'drive', driveId: input.driveId };
	return { kind: 'user', userId: input.userId! };
}

/** Hides the reported item, need or drive once enough people reported it; true when it did. */
function hideWhenReported(tx: Transaction, target: ReportTarget, now: Date): Promise<boolean> {
	if (target.kind === 'item') return hideWhenReportedEnough(tx, target.itemId);
	if (target.kind === 'need') return hideNeedWhenReportedEnough(tx, target.needId);
	if (target.kind === 'drive') return hideDriveWhenReportedEnough(tx, target.driveId, now);
	return Promise.resolve(false);
}

/**
 * `POST /reports`: one open report per reporter and target, at most `reportLimits.perDay` a day;
 * nobody reports themselves, their own items, needs, drives or thank-yous. An item, a need or a
 * drive reported by enough people is hidden at once (docs/product-rules.md#trust-and-safety).
 */
export async function createReport(
	db: Database,
	reporter: UserRow,
	body: unknown,
	now = new Date(),
): Promise<ReportReceipt> {
	const input = parseReport(body);
	const target = reportTarget(input);
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
				driveId: target.kind === 'drive' ? target.driveId : null,
				userId: personId,
				reason: input.reason,
				details: input.details || null,
				createdAt: now,
			})
			.onConflictDoNothing()
			.returning({ id: reports.id });
		// The same report sent twice at once: the other one was stored first.
		if (!row) throw new AppError('REPORT_DUPLICATE');
		return { id: row.id, itemHidden: await hideWhenReported(tx, target, now) };
	});
}
