import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';
import { isCrossSiteWrite, requestOrigin } from './site-origin';

const behindProxy = readServerConfig({ PUBLIC_URL: 'https://hibahin.id', TRUST_PROXY: 'true' });
const direct = readServerConfig({ PUBLIC_URL: 'https://hibahin.id' });

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
		expect(isCrossSiteWrite(write({ Origin: 'http://192.168.1.5:4321' }, url), direct, forms)).toBe(
			false,
		);
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
