import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '~/server/db/client';
import { drives, needs } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';

/** Why a drive is out of sight: reported by several people (pending review), or a moderator. */
export type DriveHiddenReason = 'reports' | 'moderator';

/** The drive, locked for the rest of the transaction; NOT_FOUND when there is none. */
export async function lockedDrive(tx: Transaction, driveId: number) {
	if (!Number.isSafeInteger(driveId)) throw new AppError('NOT_FOUND');
	const [drive] = await tx.select().from(drives).where(eq(drives.id, driveId)).for('update');
	if (!drive) throw new AppError('NOT_FOUND');
	return drive;
}

/**
 * Takes a drive and its needs out of sight (docs/product-rules.md#drives). Its needs are hidden
 * at the drive's own moment, so showing the drive brings back those needs and no other. Hiding a
 * hidden drive only changes why it is hidden.
 */
export async function hideDrive(
	tx: Transaction,
	driveId: number,
	reason: DriveHiddenReason,
	now: Date,
): Promise<void> {
	const drive = await lockedDrive(tx, driveId);
	if (drive.hiddenAt) {
		await tx.update(drives).set({ hiddenReason: reason }).where(eq(drives.id, drive.id));
		return;
	}
	await tx
		.update(drives)
		.set({ hiddenAt: now, hiddenReason: reason, updatedAt: now })
		.where(eq(drives.id, drive.id));
	await tx
		.update(needs)
		.set({ hiddenAt: now, hiddenReason: 'moderator', updatedAt: now })
		.where(and(eq(needs.driveId, drive.id), isNull(needs.hiddenAt)));
}

/** Brings a hidden drive back with the needs that left with it; a shown drive stays as it is. */
export async function showDrive(tx: Transaction, driveId: number, now: Date): Promise<void> {
	const drive = await lockedDrive(tx, driveId);
	if (!drive.hiddenAt) return;
	await tx
		.update(needs)
		.set({ hiddenAt: null, hiddenReason: null, updatedAt: now })
		.where(
			and(
				eq(needs.driveId, drive.id),
				eq(needs.hiddenReason, 'moderator'),
				// Compared in the database, at its full precision.
				sql`${needs.hiddenAt} = (select ${drives.hiddenAt} from ${drives} where ${drives.id} = ${drive.id})`,
			),
		);
	await tx
		.update(drives)
		.set({ hiddenAt: null, hiddenReason: null, updatedAt: now })
		.where(eq(drives.id, drive.id));
}
