/** A person's standing with the moderators, as the user row keeps it. */
export interface Standing {
	role: string;
	suspendedAt: Date | null;
	suspendedUntil: Date | null;
}

/** Suspended now: since `suspendedAt`, until `suspendedUntil`, or for good when that is empty. */
export function isSuspended(
	user: Pick<Standing, 'suspendedAt' | 'suspendedUntil'>,
	now = new Date(),
) {
	if (!user.suspendedAt) return false;
	return user.suspendedUntil === null || user.suspendedUntil.getTime() > now.getTime();
}

/** What a moderator can do from the desk (docs/product-rules.md#trust-and-safety). */
export const moderationActionNames = [
	'dismiss',
	'hideItem',
	'restoreItem',
	'warnUser',
	'suspendUser',
	'liftSuspension',
	'hideThanks',
	'hideNeed',
	'restoreNeed',
	'hideDrive',
	'restoreDrive',
] as const;
export type ModerationActionName = (typeof moderationActionNames)[number];
