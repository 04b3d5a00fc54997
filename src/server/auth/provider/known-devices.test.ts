import { describe, expect, it } from 'vitest';
import { deviceMark, knowsAccount, rememberAccount } from './known-devices';

describe('the accounts a browser signed in to', () => {
	const key = 'a-key-of-the-site';
	const ani = deviceMark(key, 'Ani@Example.com');

	it('are marked by a keyed digest of the address, the same however it is written', () => {
		expect(ani).toMatch(/^[\w-]{22}$/);
		expect(deviceMark(key, ' ani@example.com ')).toBe(ani);
		expect(ani).not.toContain('ani');
		expect(deviceMark('another-key', 'ani@example.com')).not.toBe(ani);
	});

	it('are remembered, the latest first, five at most, and nothing else is kept', () => {
		const marks = ['b', 'c', 'd', 'e', 'f'].map((name) => deviceMark(key, `${name}@example.com`));
		let cookie: string | undefined = 'forged.<script>';
		for (const mark of marks) cookie = rememberAccount(cookie, mark);
		cookie = rememberAccount(cookie, ani);
		expect(cookie.split('.')).toEqual([ani, ...marks.slice(1).reverse()]);
		expect(knowsAccount(cookie, ani)).toBe(true);
		expect(knowsAccount(cookie, marks[0]!)).toBe(false);
		expect(knowsAccount(undefined, ani)).toBe(false);
	});
});
