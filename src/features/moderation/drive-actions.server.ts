import { hideDrive, lockedDrive, showDrive } from '~/features/needs/drive-visibility.server';
import { targetKey } from '~/features/reports/reports';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { AppError } from '~/server/http/errors';
import type { ModerationActionName } from './moderation';
import { closeReports, recordAction } from './moderation-records.server';

/**
 * What an action changes on a drive: hidden, its page and its needs leave sight; restored, or its
 * reports dismissed while they hide it, they are back. Its creator is not told: warning them is a
 * separate action.
 */
export async function actOnDrive(
	tx: Transaction,
	action: ModerationActionName,
	driveId: number,
	now: Date,
) {
	const drive = await lockedDrive(tx, driveId);
	const key = targetKey({ kind: 'drive', driveId: drive.id });
	if (action === 'dismiss') {
		await closeReports(tx, key, 'dismissed', now);
		if (drive.hiddenReason === 'reports') await showDrive(tx, drive.id, now);
	} else if (action === 'hideDrive') {
		await hideDrive(tx, drive.id, 'moderator', now);
		await closeReports(tx, key, 'actioned', now);
	} else if (action === 'restoreDrive') {
		if (!drive.hiddenAt) {
			throw new AppError('VALIDATION_ERROR', { action: 'moderation.errors.notHidden' });
		}
		await showDrive(tx, drive.id, now);
		await closeReports(tx, key, 'dismissed', now);
	} else {
		throw new AppError('VALIDATION_ERROR', { target: 'moderation.errors.targetInvalid' });
	}
	return { key, until: null };
}

/**
 * `PUT /drives/{id}/hidden`: a moderator hides a drive from its page, or shows it again, as the
 * desk's `hideDrive` and `restoreDrive` do, with the same line in the audit log. A drive already
 * as asked is left alone, with no line.
 */
export async function setDriveHidden(
	db: Database,
	moderator: UserRow,
	driveId: number,
	hidden: boolean,
	now = new Date(),
): Promise<void> {
	await db.transaction(async (tx) => {
		const drive = await lockedDrive(tx, driveId);
		const asAsked = hidden ? drive.hiddenReason === 'moderator' : drive.hiddenAt === null;
		if (asAsked) return;
		const action = hidden ? 'hideDrive' : 'restoreDrive';
		const { key } = await actOnDrive(tx, action, drive.id, now);
		await recordAction(tx, { moderatorId: moderator.id, action, targetKey: key }, now);
	});
}
