import { describe, expect, it } from 'vitest';
import { isoTimestamp, jsonValue, rowsOf } from './rows';

describe('isoTimestamp', () => {
	it.each([
		['2026-11-23 18:00:38.595+00', '2026-11-23T18:00:38.595Z'],
		['2026-11-23 18:00:38.5+00', '2026-11-23T18:00:38.500Z'],
		['2026-11-23 18:00:38.5956+00', '2026-11-23T18:00:38.595Z'],
		['2026-11-23 18:00:38.999999+00', '2026-11-23T18:00:38.999Z'],
		['2026-11-23 18:00:38+00', '2026-11-23T18:00:38.000Z'],
	])('writes %s, a UTC timestamp, as %s', (text, iso) => {
		expect(isoTimestamp(text)).toBe(iso);
		expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
	});

	it.each([
		['2026-11-24 01:00:38.123456+07', '2026-11-23T18:00:38.123Z'],
		['2026-11-23 13:30:38.1-04:30', '2026-11-23T18:00:38.100Z'],
	])('converts %s, in another time zone, to UTC', (text, iso) => {
		expect(isoTimestamp(text)).toBe(iso);
	});
});

describe('jsonValue', () => {
	it('parses JSON text and passes parsed values through', () => {
		expect(jsonValue<{ a: number }>('{"a":1}')).toEqual({ a: 1 });
		const parsed = { a: 1 };
		expect(jsonValue(parsed)).toBe(parsed);
	});
});

describe('rowsOf', () => {
	it('reads the rows of both drivers', () => {
		expect(rowsOf([{ a: 1 }])).toEqual([{ a: 1 }]);
		expect(rowsOf({ rows: [{ a: 1 }] })).toEqual([{ a: 1 }]);
	});
});
