import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../config';
import {
	cookieAttributes,
	cookieOptions,
	isSecure,
	sessionCookieName,
	transactionCookieName,
} from './cookies';

const plain = readServerConfig({ PUBLIC_URL: 'http://127.0.0.1:4451' });
const secure = readServerConfig({ PUBLIC_URL: 'https://hibahin.id/' });

describe('auth cookies', () => {
	it('are plain names without Secure on an http site (local runs and the e2e server)', () => {
		expect(isSecure(plain)).toBe(false);
		expect(sessionCookieName(plain)).toBe('hibahin_session');
		expect(transactionCookieName(plain)).toBe('hibahin_signin');
		expect(cookieOptions(plain, 600)).toEqual({
			httpOnly: true,
			sameSite: 'lax',
			secure: false,
			path: '/',
			maxAge: 600,
		});
	});

	it('are __Host- cookies with Secure, Path=/ and no Domain on an https site', () => {
		expect(isSecure(secure)).toBe(true);
		expect(sessionCookieName(secure)).toBe('__Host-hibahin_session');
		expect(transactionCookieName(secure)).toBe('__Host-hibahin_signin');
		const options = cookieOptions(secure, 1_209_600);
		// What browsers require of a `__Host-` cookie, or they drop it.
		expect(options).toMatchObject({ secure: true, path: '/' });
		expect(options).not.toHaveProperty('domain');
		expect(options).toEqual({
			httpOnly: true,
			sameSite: 'lax',
			secure: true,
			path: '/',
			maxAge: 1_209_600,
		});
	});

	it('follow the configured public address (PUBLIC_URL, else SITE_URL, else localhost)', () => {
		expect(sessionCookieName(readServerConfig({ PORT: '4321' }))).toBe('hibahin_session');
		expect(sessionCookieName(readServerConfig({ SITE_URL: 'https://hibahin.id' }))).toBe(
			'__Host-hibahin_session',
		);
	});

	it.each([
		['http', plain],
		['https', secure],
	])(
		'are deleted on %s with the attributes they were set with (a __Host- deletion needs Secure)',
		(_, config) => {
			for (const access of [{}, { readableByPages: true }]) {
				const { maxAge, ...setWith } = cookieOptions(config, 600, access);
				expect(maxAge).toBe(600);
				expect(cookieAttributes(config, access)).toEqual(setWith);
			}
			expect(cookieAttributes(config).secure).toBe(isSecure(config));
			expect(cookieAttributes(config, { readableByPages: true }).httpOnly).toBe(false);
		},
	);
});
