import { describe, expect, it } from 'vitest';
import {
	calendarDate,
	calendarFile,
	escapeCalendarText,
	foldCalendarLine,
	googleCalendarLink,
} from './calendar';

const octets = (text: string) => new TextEncoder().encode(text).length;

const event = {
	uid: 'request-42@hibahin.id',
	// 16.00 to 18.00 in Jakarta.
	start: new Date('2026-12-01T16:00:00+07:00'),
	end: new Date('2026-12-01T18:00:00+07:00'),
	summary: 'Ambil: Kursi lipat, 2 buah',
	location: 'Depan Indomaret; Jl. Melati 5',
	description: 'Permintaan: https://hibahin.id/my-requests',
};

describe('calendarDate', () => {
	it('writes a date-time in UTC, seconds included, without separators', () => {
		expect(calendarDate(new Date('2026-12-01T16:05:09.999+07:00'))).toBe('20261201T090509Z');
		expect(calendarDate(new Date('2027-01-01T03:00:00+07:00'))).toBe('20261231T200000Z');
	});
});

describe('escapeCalendarText', () => {
	it('escapes backslashes, semicolons, commas and line breaks', () => {
		expect(escapeCalendarText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
	});

	it('leaves colons and other text as they are', () => {
		expect(escapeCalendarText('Jam 16:00 — rumah')).toBe('Jam 16:00 — rumah');
	});
});

describe('foldCalendarLine', () => {
	it('leaves a line of 75 octets whole', () => {
		const line = 'x'.repeat(75);
		expect(foldCalendarLine(line)).toBe(line);
	});

	it('folds longer lines at 75 octets, each continuation starting with a space', () => {
		const folded = foldCalendarLine('y'.repeat(200));
		const lines = folded.split('\r\n');
		expect(lines.every((line) => octets(line) <= 75)).toBe(true);
		expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
		expect(lines.map((line, index) => (index ? line.slice(1) : line)).join('')).toBe(
			'y'.repeat(200),
		);
	});

	it('never splits a character of several octets', () => {
		const text = `SUMMARY:${'é'.repeat(60)}🎁${'ü'.repeat(40)}`;
		const lines = foldCalendarLine(text).split('\r\n');
		expect(lines.every((line) => octets(line) <= 75)).toBe(true);
		expect(lines.map((line, index) => (index ? line.slice(1) : line)).join('')).toBe(text);
	});
});

describe('calendarFile', () => {
	const file = calendarFile(event, new Date('2026-11-29T03:00:00Z'));

	it('is one VEVENT in a VCALENDAR, with CRLF line ends', () => {
		expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
		expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
		expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
		expect(file).toContain('\r\nPRODID:');
	});

	it('holds the uid, stamp, times in UTC, escaped summary and location', () => {
		expect(file).toContain('\r\nUID:request-42@hibahin.id\r\n');
		expect(file).toContain('\r\nDTSTAMP:20261129T030000Z\r\n');
		expect(file).toContain('\r\nDTSTART:20261201T090000Z\r\n');
		expect(file).toContain('\r\nDTEND:20261201T110000Z\r\n');
		expect(file).toContain('\r\nSUMMARY:Ambil: Kursi lipat\\, 2 buah\r\n');
		expect(file).toContain('\r\nLOCATION:Depan Indomaret\\; Jl. Melati 5\r\n');
		expect(file).toContain('\r\nDESCRIPTION:Permintaan: https://hibahin.id/my-requests\r\n');
	});

	it('folds a long place note and leaves out what is not given', () => {
		const long = calendarFile({ ...event, location: 'Rumah '.repeat(30), description: undefined });
		expect(long.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
		expect(long).toContain('LOCATION:Rumah Rumah');
		expect(long).not.toContain('DESCRIPTION');
	});
});

describe('googleCalendarLink', () => {
	it('opens a template with the text, UTC dates, details and place', () => {
		const link = new URL(googleCalendarLink(event));
		expect(`${link.origin}${link.pathname}`).toBe('https://calendar.google.com/calendar/render');
		expect(link.searchParams.get('action')).toBe('TEMPLATE');
		expect(link.searchParams.get('text')).toBe('Ambil: Kursi lipat, 2 buah');
		expect(link.searchParams.get('dates')).toBe('20261201T090000Z/20261201T110000Z');
		expect(link.searchParams.get('details')).toBe(event.description);
		expect(link.searchParams.get('location')).toBe(event.location);
	});

	it('encodes what it names and leaves out a missing place', () => {
		const link = googleCalendarLink({ ...event, summary: 'A & B #1', location: undefined });
		expect(link).toContain('text=A+%26+B+%231');
		expect(link).not.toContain('location=');
	});
});
