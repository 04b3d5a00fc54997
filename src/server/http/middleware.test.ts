import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBodies } from './middleware';
import type { AppEnv } from './types';

/** A request that counts how often its body is asked for. */
function countingRequest(method: string, body?: string) {
	const request = new Request('http://site.test/answer', { method, body: body ?? null });
	const original = request.body;
	const reads = { count: 0 };
	Object.defineProperty(request, 'body', {
		get: () => {
			reads.count += 1;
			return original;
		},
	});
	return { request, reads };
}

describe('limitBodies', () => {
	const app = new Hono<AppEnv>()
		.use(limitBodies(() => false))
		.all('/answer', (c) => c.text('answered'));

	it('leaves the body of a GET or HEAD alone: the server would build the whole request to read it', async () => {
		for (const method of ['GET', 'HEAD']) {
			const { request, reads } = countingRequest(method);
			expect((await app.fetch(request)).status, method).toBe(200);
			expect(reads.count, method).toBe(0);
		}
	});

	it('reads the length of any other request’s body', async () => {
		const { request, reads } = countingRequest('POST', '{"search":"kursi"}');
		expect((await app.fetch(request)).status).toBe(200);
		expect(reads.count).toBeGreaterThan(0);
	});
});
