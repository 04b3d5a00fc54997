/**
 * Calendar entries for an agreed time: an iCalendar file (RFC 5545) and a Google Calendar link.
 * Times are written in UTC, so every calendar shows them in its own zone. Safe in the browser.
 */

/** One event: a time window, what it is, where, and a longer text. */
export interface CalendarEvent {
	/** Unique and stable for the event, so importing it again updates it rather than adding one. */
	uid: string;
	start: Date;
	end: Date;
	summary: string;
	location?: string | undefined;
	description?: string | undefined;
	/** A page the event links to. */
	url?: string | undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-12-01T08:58:00.123Z` → `20261201T085800Z`: a UTC date-time as RFC 5545 writes it. */
export function calendarDate(date: Date): string {
	return (
		`${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
		`T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
	);
}

/** A TEXT value (RFC 5545 3.3.11): backslashes, semicolons, commas and line breaks escaped. */
export function escapeCalendarText(text: string): string {
	return text
		.replace(/\\/g, '\\\\')
		.replace(/;/g, '\\;')
		.replace(/,/g, '\\,')
		.replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space,
 * which counts towards its 75, and a character of several octets is never split.
 */
export function foldCalendarLine(line: string): string {
	const parts: string[] = [];
	let part = '';
	let octets = 0;
	for (const character of line) {
		const size = encoder.encode(character).length;
		const limit = parts.length === 0 ? 75 : 74;
		if (octets + size > limit) {
			parts.push(part);
			part = '';
			octets = 0;
		}
		part += character;
		octets += size;
	}
	parts.push(part);
	return parts.join('\r\n ');
}

/** The event as an iCalendar file of one VEVENT, lines ended with CRLF, stamped `now`. */
export function calendarFile(event: CalendarEvent, now: Date = new Date()): string {
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//Hibahin//Pickup//ID',
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		'BEGIN:VEVENT',
		`UID:${escapeCalendarText(event.uid)}`,
		`DTSTAMP:${calendarDate(now)}`,
		`DTSTART:${calendarDate(event.start)}`,
		`DTEND:${calendarDate(event.end)}`,
		`SUMMARY:${escapeCalendarText(event.summary)}`,
		...(event.location ? [`LOCATION:${escapeCalendarText(event.location)}`] : []),
		...(event.description ? [`DESCRIPTION:${escapeCalendarText(event.description)}`] : []),
		...(event.url ? [`URL:${event.url}`] : []),
		'END:VEVENT',
		'END:VCALENDAR',
	];
	return lines.map(foldCalendarLine).join('\r\n') + '\r\n';
}

/** A link that opens Google Calendar with the event filled in, for the person to save. */
export function googleCalendarLink(event: CalendarEvent): string {
	const params = new URLSearchParams({
		action: 'TEMPLATE',
		text: event.summary,
		dates: `${calendarDate(event.start)}/${calendarDate(event.end)}`,
	});
	if (event.description) params.set('details', event.description);
	if (event.location) params.set('location', event.location);
	return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
