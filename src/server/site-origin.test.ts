import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';
import { isCrossSiteWrite, otherHostRedirect, requestOrigin, visitorOrigin } from './site-origin';

const behindProxy = readServerConfig({ PUBLIC_URL: 'https://hibahin.id', TRUST_PROXY: 'true' });
const direct = readServerConfig({ PUBLIC_URL: 'https://hibahin.id' });
// Embedded mode without PUBLIC_URL: the machine's addresses, here a fixed LAN address.
const embedded = readServerConfig({ PORT: '4321' }, () => [
	'localhost',
	'127.0.0.1',
	'192.168.1.5',
]);

const internal = new URL('http://127.0.0.1:4321/profile?tab=1');
const forwarded = (headers: Record<string, string>) => new Headers(headers);

describe('the origin the visitor is on', () => {
	it('is what a trusted proxy forwarded: its scheme and host', () => {
		const headers = forwarded({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'hibahin.id' });
		expect(requestOrigin(headers, internal, behindProxy)).toBe('https://hibahin.id');
		expect(requestOrigin(headers, internal, direct)).toBe('http://127.0.0.1:4321');
	});

	it('takes the first entry of each forwarded list, and the connection’s for what is missing', () => {
		const headers = forwarded({ 'X-Forwarded-Proto': 'https, http' });
		expect(requestOrigin(headers, internal, behindProxy)).toBe('https://127.0.0.1:4321');
	});

	it('is none for a forwarded scheme or host that makes no origin', () => {
		for (const headers of [
			{ 'X-Forwarded-Proto': 'javascript' },
			{ 'X-Forwarded-Host': 'evil.example/path' },
			{ 'X-Forwarded-Host': 'user@evil.example' },
		]) {
			expect(requestOrigin(forwarded(headers), internal, behindProxy)).toBeNull();
		}
	});

	it('is the site’s own when the site answers there, else the public origin', () => {
		const lan = new URL('http://192.168.1.5:4321/login');
		expect(visitorOrigin(new Headers(), lan, embedded)).toBe('http://192.168.1.5:4321');
		expect(visitorOrigin(new Headers(), new URL('http://10.9.9.9:4321/'), embedded)).toBe(
			'http://localhost:4321',
		);
		expect(visitorOrigin(new Headers(), lan, direct)).toBe('https://hibahin.id');
	});
});

describe('a request on another host', () => {
	it('moves to the same path on PUBLIC_URL', () => {
		expect(otherHostRedirect(new Headers(), internal, direct)).toBe(
			'https://hibahin.id/profile?tab=1',
		);
	});

	it('stays where it is on PUBLIC_URL, as a trusted proxy tells it', () => {
		const headers = forwarded({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'hibahin.id' });
		expect(otherHostRedirect(headers, internal, behindProxy)).toBeNull();
		expect(otherHostRedirect(headers, internal, direct)).not.toBeNull();
	});

	it('stays on any of the machine’s addresses in embedded mode, and leaves the others', () => {
		expect(otherHostRedirect(new Headers(), new URL('http://192.168.1.5:4321/'), embedded)).toBe(
			null,
		);
		expect(otherHostRedirect(new Headers(), new URL('http://127.0.0.1:4321/'), embedded)).toBe(
			null,
		);
		expect(otherHostRedirect(new Headers(), new URL('http://evil.example:4321/x'), embedded)).toBe(
			'http://localhost:4321/x',
		);
	});

	it('keeps a path that looks like another host on the site', () => {
		const url = new URL('http://127.0.0.1:4321//evil.example/x');
		expect(otherHostRedirect(new Headers(), url, direct)).toBe(
			'https://hibahin.id//evil.example/x',
		);
	});
});

describe('a cross-site write', () => {
	const write = (headers: Record<string, string>, url = 'http://127.0.0.1:4321/auth/sign-out') => ({
		method: 'POST',
		headers: new Headers(headers),
		url,
	});
	const forms = { originRequired: true };

	it('is a post from another origin, or one the browser marked cross-site or same-site', () => {
		expect(isCrossSiteWrite(write({ Origin: 'https://evil.example' }), direct, forms)).toBe(true);
		expect(isCrossSiteWrite(write({ 'Sec-Fetch-Site': 'cross-site' }), direct, forms)).toBe(true);
		expect(isCrossSiteWrite(write({ 'Sec-Fetch-Site': 'same-site' }), direct, forms)).toBe(true);
	});

	it('is not a post from PUBLIC_URL behind a proxy that terminates TLS', () => {
		const headers = {
			Origin: 'https://hibahin.id',
			'Sec-Fetch-Site': 'same-origin',
			'X-Forwarded-Proto': 'https',
			'X-Forwarded-Host': 'hibahin.id',
		};
		expect(isCrossSiteWrite(write(headers), behindProxy, forms)).toBe(false);
	});

	it('is not a post from the origin the visitor is on', () => {
		const url = 'http://192.168.1.5:4321/auth/sign-out';
		expect(
			isCrossSiteWrite(write({ Origin: 'http://192.168.1.5:4321' }, url), embedded, forms),
		).toBe(false);
	});

	it('is a form post without Origin, but not an API call without one', () => {
		expect(isCrossSiteWrite(write({}), direct, forms)).toBe(true);
		expect(isCrossSiteWrite(write({}), direct, { originRequired: false })).toBe(false);
	});

	it('is never a read', () => {
		const read = { ...write({ Origin: 'https://evil.example' }), method: 'GET' };
		expect(isCrossSiteWrite(read, direct, forms)).toBe(false);
	});
});
