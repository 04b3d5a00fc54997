import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApi } from '../../scripts/bench/load-driver.mjs';

/**
 * A server that answers 404 under `/missing/` and 200 elsewhere, and remembers what it was sent
 * under each load's `x-load` header: a load's last answers may still come in while the next runs.
 */
const seen: Array<{ load: unknown; path: string; accept: string | undefined }> = [];
const server = http.createServer((req, res) => {
	seen.push({ load: req.headers['x-load'], path: req.url ?? '', accept: req.headers.accept });
	res.writeHead(req.url?.startsWith('/missing/') ? 404 : 200, { 'content-type': 'text/html' });
	res.end('<p>page</p>');
});
let baseUrl = '';

beforeAll(async () => {
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** What the load named `name` sent. */
const sentBy = (name: string) => seen.filter(({ load }) => load === name);

const timing = { warmupMs: 1_000, measureMs: 1_000 };
const range = { minId: 10, maxId: 19 };
const hasWrk = spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0;

describe.each([
	{ generator: 'autocannon', wrk: undefined },
	...(hasWrk ? [{ generator: 'wrk', wrk: 'wrk' }] : []),
])('npm run bench loads under $generator', { timeout: 20_000 }, ({ generator, wrk }) => {
	it('sends random ids in the range after the given prefixes, with the load’s headers', async () => {
		const run = await loadApi(
			wrk,
			baseUrl,
			{
				range,
				idPrefixes: ['/items/', '/en/items/'],
				headers: { accept: 'text/html', 'x-load': `${generator} pages` },
			},
			timing,
		);
		expect(run.errors).toBe(0);
		expect(run.requests).toBeGreaterThan(0);
		const sent = sentBy(`${generator} pages`);
		const ids = new Set<number>();
		for (const { path, accept } of sent) {
			const match = /^\/(?:en\/)?items\/(\d+)$/.exec(path);
			expect(match, path).not.toBeNull();
			ids.add(Number(match![1]));
			expect(accept).toBe('text/html');
		}
		expect(Math.min(...ids)).toBeGreaterThanOrEqual(range.minId);
		expect(Math.max(...ids)).toBeLessThanOrEqual(range.maxId);
		expect(sent.some(({ path }) => path.startsWith('/en/'))).toBe(true);
		expect(sent.some(({ path }) => path.startsWith('/items/'))).toBe(true);
	});

	it('sends the item API’s path when the load names no prefix', async () => {
		await loadApi(wrk, baseUrl, { range, headers: { 'x-load': `${generator} API` } }, timing);
		const sent = sentBy(`${generator} API`);
		expect(sent.length).toBeGreaterThan(0);
		expect(sent.every(({ path }) => /^\/api\/items\/\d+$/.test(path))).toBe(true);
	});

	it('counts a missing page’s 404 as its answer, and only there', async () => {
		const missing = await loadApi(
			wrk,
			baseUrl,
			{ range, idPrefixes: ['/missing/'], status: 404 },
			timing,
		);
		expect(missing.errors).toBe(0);
		expect(missing.requests).toBeGreaterThan(0);

		const unexpected = await loadApi(wrk, baseUrl, { range, idPrefixes: ['/missing/'] }, timing);
		expect(unexpected.requests).toBe(0);
		expect(unexpected.errors).toBeGreaterThan(0);
	});
});
