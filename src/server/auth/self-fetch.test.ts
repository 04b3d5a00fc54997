import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfOriginOf } from '~/server/config';
import { selfFetch } from './relying-party';

describe('the server’s calls to its own provider', () => {
	const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
	const server = createServer((request, response) => {
		seen.push({ url: request.url!, headers: request.headers });
		response.end('{}');
	});
	let origin = '';
	beforeAll(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = selfOriginOf('0.0.0.0', String((server.address() as AddressInfo).port));
	});
	afterAll(() => new Promise((resolve) => server.close(resolve)));

	it('go to the server itself, naming the public address they stand for', async () => {
		const fetchOwn = selfFetch(new URL('https://hibahin.example:8443/oidc'), origin);
		await fetchOwn('https://hibahin.example:8443/oidc/token?x=1', {
			method: 'POST',
			headers: { Authorization: 'Basic abc' },
			body: 'grant_type=authorization_code',
			redirect: 'manual',
		});
		expect(seen.at(-1)).toMatchObject({
			url: '/oidc/token?x=1',
			headers: {
				host: new URL(origin).host,
				'x-forwarded-proto': 'https',
				'x-forwarded-host': 'hibahin.example:8443',
				authorization: 'Basic abc',
			},
		});
	});

	it('are made on the loopback when the server listens on every address', () => {
		expect(selfOriginOf(undefined, '4321')).toBe('http://127.0.0.1:4321');
		expect(selfOriginOf('::', '4321')).toBe('http://127.0.0.1:4321');
		expect(selfOriginOf('10.0.0.5', '80')).toBe('http://10.0.0.5:80');
		expect(selfOriginOf('::1', '4321')).toBe('http://[::1]:4321');
	});
});
