import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log, logRequest } from './log';

describe('request logs', () => {
	let url = '';
	const server = createServer((req, res) => {
		logRequest(req, res);
		res.end(req.headers['x-request-id']);
	});
	beforeAll(async () => {
		server.listen(0, '127.0.0.1');
		await once(server, 'listening');
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(() => server.close());

	it('keeps the proxy’s request id, and makes one for a missing or odd id', async () => {
		const kept = await fetch(url, { headers: { 'X-Request-Id': 'edge-7f3a9c21' } });
		expect(kept.headers.get('X-Request-Id')).toBe('edge-7f3a9c21');
		expect(await kept.text()).toBe('edge-7f3a9c21');
		const odd = await fetch(url, { headers: { 'X-Request-Id': '<script>' } });
		expect(odd.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('writes the route, status and time, without the query, address or cookies', async () => {
		const entries: unknown[] = [];
		const spy = vi.spyOn(log, 'info').mockImplementation((entry: unknown) => {
			entries.push(entry);
		});
		await (
			await fetch(`${url}/items/12?search=nomor%20hp%200812`, {
				headers: { Cookie: 'hibahin_session=secret', 'X-Request-Id': 'edge-0000aaaa' },
			})
		).text();
		await vi.waitFor(() => expect(entries).toHaveLength(1));
		spy.mockRestore();
		expect(entries[0]).toEqual({
			reqId: 'edge-0000aaaa',
			method: 'GET',
			route: '/items/:id',
			status: 200,
			ms: expect.any(Number),
		});
		expect(JSON.stringify(entries)).not.toMatch(/search|0812|secret|127\.0\.0\.1/);
	});
});
