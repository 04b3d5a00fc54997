import { and, eq } from 'drizzle-orm';
import { type NewNotification, notify } from '~/features/notifications/notifications.server';
import type { Transaction } from '~/server/db/client';
import { moderationActions, reports } from '~/server/db/schema';

/** Closes the target's open reports and tells each reporter the outcome. */
export async function closeReports(
	tx: Transaction,
	key: string,
	outcome: 'dismissed' | 'actioned',
	now: Date,
) {
	const closed = await tx
		.update(reports)
		.set({ state: outcome, resolvedAt: now })
		.where(and(eq(reports.targetKey, key), eq(reports.state, 'open')))
		.returning({ reporterId: reports.reporterId, itemId: reports.itemId });
	await notify(
		tx,
		...closed.map((report): NewNotification => ({
			userId: report.reporterId,
			kind: outcome === 'dismissed' ? 'reportDismissed' : 'reportActioned',
			itemId: report.itemId,
			data: {},
		})),
	);
}

/** One line of the audit log, written in the transaction of the action it records. */
export interface AuditLine {
	moderatorId: string;
	action: string;
	targetKey: string;
	reason?: string | null | undefined;
	note?: string | null | undefined;
	until?: Date | null;
}

/** Adds `line` to the audit log at `now`. */
export async function recordAction(
	tx: Transaction,
	line: AuditLine,
	now: Date,
): Promise<{ id: number }> {
	const [row] = await tx
		.insert(moderationActions)
		.values({
			moderatorId: line.moderatorId,
			action: line.action,
			targetKey: line.targetKey,
			reason: line.reason ?? null,
			note: line.note || null,
			until: line.until ?? null,
			createdAt: now,
		})
		.returning({ id: moderationActions.id });
	return row!;
}
