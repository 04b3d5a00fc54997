/**
 * The pickup time a donor agrees with the receiver of a reservation
 * (docs/product-rules.md#pickup-time): its checks, how a time is typed and shown in Jakarta's
 * time, and its calendar entry. Safe in the browser.
 */

import { pickupLimits } from '~/config/limits';
import { type CalendarEvent, googleCalendarLink } from '~/lib/calendar';

/** The agreed window and place of a reservation, as the API answers it. */
export interface Pickup {
	from: string;
	until: string;
	place: string | null;
}

/** Jakarta keeps Western Indonesia Time all year: seven hours ahead of UTC, no summer time. */
const jakartaOffsetMs = 7 * 60 * 60_000;

/** `2026-12-01T09:00:00Z` → `2026-12-01T16:00`: the value of a `datetime-local` field in Jakarta. */
export function jakartaInputValue(date: Date | string): string {
	return new Date(new Date(date).getTime() + jakartaOffsetMs).toISOString().slice(0, 16);
}

/** `2026-12-01T16:00`, typed in Jakarta's time → `2026-12-01T16:00:00+07:00`; null when not a time. */
export function fromJakartaInput(value: string): string | null {
	if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
	const text = `${value}:00+07:00`;
	return Number.isNaN(Date.parse(text)) ? null : text;
}

/** Translation keys of what is wrong with a window (by field), or none when it may be agreed. */
export function pickupProblems(
	from: Date,
	until: Date,
	now: Date,
): Partial<Record<'pickupFrom' | 'pickupUntil', string>> {
	if (from.getTime() <= now.getTime()) return { pickupFrom: 'pickup.errors.pickupPast' };
	if (from.getTime() > now.getTime() + pickupLimits.aheadMaxMs) {
		return { pickupFrom: 'pickup.errors.pickupTooFar' };
	}
	if (until.getTime() <= from.getTime()) {
		return { pickupUntil: 'pickup.errors.pickupEndBeforeStart' };
	}
	if (until.getTime() - from.getTime() > pickupLimits.lengthMaxMs) {
		return { pickupUntil: 'pickup.errors.pickupTooLong' };
	}
	return {};
}

/** The calendar entry of a request's pickup: `summary` names the item, `link` leads to the request. */
export function pickupEvent(
	requestId: number,
	pickup: Pickup,
	{ summary, description, host }: { summary: string; description: string; host: string },
): CalendarEvent {
	return {
		uid: `pickup-${requestId}@${host}`,
		start: new Date(pickup.from),
		end: new Date(pickup.until),
		summary,
		description,
		...(pickup.place ? { location: pickup.place } : {}),
	};
}

/** The Google Calendar link of a request's pickup. */
export function pickupGoogleLink(...args: Parameters<typeof pickupEvent>): string {
	return googleCalendarLink(pickupEvent(...args));
}
