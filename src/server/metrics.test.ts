import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMetrics, routeOf, timeRequest } from './metrics';

describe('routeOf', () => {
	it('puts ids, keys and tokens in placeholders, and every unknown path in one route', () => {
		expect(routeOf('/api/items/42?fields=all', 200)).toBe('/api/items/:id');
		expect(routeOf('/en/profile/3f0c2a1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', 200)).toBe(
			'/en/profile/:id',
		);
		expect(routeOf('/media/items/0123456789abcdef0123456789abcdef-360.webp', 200)).toBe(
			'/media/:key',
		);
		expect(routeOf('/items/', 200)).toBe('/items');
		expect(routeOf('/', 200)).toBe('/');
		expect(routeOf('/anything/a-visitor/typed', 404)).toBe('(not found)');
	});
});

describe('/metrics', () => {
	const token = 'a-long-random-metrics-token';
	let url = '';
	const server = createServer((req, res) => {
		timeRequest(req, res);
		if (req.url === '/metrics') return void answerMetrics(req, res, token);
		res.end('page');
	});
	beforeAll(async () => {
		server.listen(0, '127.0.0.1');
		await once(server, 'listening');
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(() => server.close());

	it('refuses a scraper without the token', async () => {
		expect((await fetch(`${url}/metrics`)).status).toBe(401);
		const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer nope' } });
		expect(wrong.status).toBe(401);
	});

	it('gives request durations by route to the holder of the token', async () => {
		await fetch(`${url}/api/items/7`);
		const answer = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
		expect(answer.status).toBe(200);
		const text = await answer.text();
		expect(text).toMatch(
			/hibahin_http_request_duration_seconds_count\{method="GET",route="\/api\/items\/:id",status="2xx"\} [1-9]/,
		);
		expect(text).toContain('hibahin_photo_processing_seconds');
		expect(text).toContain('hibahin_sweeper_deleted_files_total');
		expect(text).toContain('hibahin_process_cpu_seconds_total');
	});

	it('is not there at all without METRICS_TOKEN', async () => {
		const bare = createServer((req, res) => void answerMetrics(req, res, undefined));
		bare.listen(0, '127.0.0.1');
		await once(bare, 'listening');
		const port = (bare.address() as AddressInfo).port;
		expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
		bare.close();
	});
});
