/**
 * Giving drives (docs/product-rules.md#drives): a verified organisation's or a moderator's call
 * for a list of needs, collected at one address until the end of a chosen day. Safe in the
 * browser, and kept free of the limits so the shared chunks do not grow: the API checks the form
 * (`drive-schemas.ts`).
 */

const dayMs = 24 * 60 * 60_000;
/** Jakarta keeps UTC+7 all year; a drive's days are Jakarta's. */
const jakartaOffsetMs = 7 * 60 * 60_000;

/** The Jakarta day of a moment, as `YYYY-MM-DD`. */
export function jakartaDay(moment: Date): string {
	return new Date(moment.getTime() + jakartaOffsetMs).toISOString().slice(0, 10);
}

/** The day `days` after `day` (`YYYY-MM-DD`). */
export function dayAfter(day: string, days: number): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The last moment of a Jakarta day: when a drive ending that day stops taking gifts. */
export function endOfJakartaDay(day: string): Date {
	return new Date(Date.parse(`${day}T23:59:59.999+07:00`));
}

/**
 * A refused drive form's errors by field, the first per field; a need's field is named by its
 * place in the list: `needs.2.quantity`.
 */
export function driveFieldErrors(
	issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
	const errors: Record<string, string> = {};
	for (const issue of issues) {
		const field = issue.path.map(String).join('.');
		if (field && !errors[field]) errors[field] = issue.message;
	}
	return errors;
}

/** One need of a drive with what confirmed hand-overs brought it. */
export interface DriveNeed {
	id: number;
	title: string;
	description: string;
	category: string;
	quantity: number;
	/** Things received: confirmed hand-overs only. */
	received: number;
}

/** A drive as its page and the API show it. */
export interface Drive {
	id: number;
	title: string;
	story: string;
	address: string;
	district: { code: string; name: string; regencyName: string; provinceName: string };
	endsAt: string;
	ended: boolean;
	hidden: boolean;
	/** Why it is hidden, shown to the moderators who still see it; null while it shows. */
	hiddenReason: 'reports' | 'moderator' | null;
	createdBy: string;
	organisation: { id: number; name: string; verified: boolean } | null;
	needs: DriveNeed[];
	createdAt: string;
}

/** A current drive as a short list shows it. */
export interface DriveSummary {
	id: number;
	title: string;
	organisationName: string | null;
	districtName: string;
	regencyName: string;
	endsAt: string;
	needsCount: number;
}

/** Calendar days (Jakarta's) from today to the drive's last day: 0 on its last day. */
export function daysLeft(endsAt: Date, now: Date): number {
	const last = Date.parse(`${jakartaDay(endsAt)}T00:00:00Z`);
	const today = Date.parse(`${jakartaDay(now)}T00:00:00Z`);
	return Math.max(0, Math.round((last - today) / dayMs));
}
