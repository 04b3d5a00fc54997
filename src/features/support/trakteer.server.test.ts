import { describe, expect, it } from 'vitest';
import errorUnauthorized from './fixtures/trakteer-error-401.json';
import creatorName from './fixtures/trakteer-supports-creator-name.json';
import success from './fixtures/trakteer-supports-success.json';
import wrongShape from './fixtures/trakteer-wrong-shape.json';
import type { Supporter } from './support';
import { createTrakteerSupporters, parseTrakteerSupports } from './trakteer.server';

const apiKey = 'trapi-secret-key-123';
const localRow: Supporter = {
	supporterName: 'Dari tabel lokal',
	amount: 5000,
	supportMessage: null,
	quantity: 1,
	unitName: null,
};

/** A fetch that records each request and answers the next canned response in turn. */
function scriptedFetch(...answers: (unknown | { status: number; body: unknown } | 'hang')[]) {
	const requests: { url: URL; headers: Headers }[] = [];
	const replayFetch = async (input: string | URL | Request, init?: RequestInit) => {
		requests.push({ url: new URL(String(input)), headers: new Headers(init?.headers) });
		const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
		if (answer === 'hang') return new Promise<Response>(() => {});
		const { status, body } =
			answer && typeof answer === 'object' && 'status' in answer && 'body' in answer
				? (answer as { status: number; body: unknown })
				: { status: 200, body: answer };
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		return new Response(text, { status, headers: { 'content-type': 'application/json' } });
	};
	return { fetch: replayFetch as typeof fetch, requests };
}

/** The adapter over a scripted fetch, a hand-moved clock and a recorded log. */
function adapter(fetchImpl: typeof fetch, timeoutMs = 1000) {
	const clock = { now: 1_000_000 };
	const logs: string[] = [];
	let fallbackCalls = 0;
	const supporters = createTrakteerSupporters({
		apiKey,
		fetch: fetchImpl,
		timeoutMs,
		cacheMs: 5 * 60_000,
		retryMs: 30_000,
		now: () => clock.now,
		log: (message) => logs.push(message),
		fallback: async () => {
			fallbackCalls++;
			return [localRow];
		},
	});
	return { supporters, clock, logs, fallbackCalls: () => fallbackCalls };
}

describe('parseTrakteerSupports', () => {
	it('keeps successful supports only, in order, with tidy optional fields', () => {
		expect(parseTrakteerSupports(success)).toEqual([
			{
				supporterName: 'Janessa West',
				amount: 30000,
				supportMessage: 'Selalu berkarya bang!',
				quantity: 2,
				unitName: 'Kopi',
			},
			{
				supporterName: 'Rizky Pratama',
				amount: 150000,
				supportMessage: null,
				quantity: 10,
				unitName: 'Kopi',
			},
			{
				supporterName: 'Sari Dewi',
				amount: 15000,
				supportMessage: null,
				quantity: 1,
				unitName: 'Kopi',
			},
		]);
	});

	it('reads the name from creator_name when supporter_name is missing', () => {
		expect(parseTrakteerSupports(creatorName)).toEqual([
			{
				supporterName: 'Budi Santoso',
				amount: 45000,
				supportMessage: 'Semoga makin banyak yang berbagi',
				quantity: 3,
				unitName: 'Cendol',
			},
		]);
	});

	it.each([
		['an error body', errorUnauthorized],
		['supports of another shape', wrongShape],
		['no result', { status: 'success' }],
		['not an object', 'OK'],
	])('refuses %s', (_, body) => {
		expect(() => parseTrakteerSupports(body)).toThrow(/Trakteer/);
	});
});

describe('createTrakteerSupporters', () => {
	it('asks /supports with the raw key and the documented headers', async () => {
		const { fetch, requests } = scriptedFetch(success);
		const { supporters } = adapter(fetch);
		const list = await supporters();
		expect(list.map((s) => s.supporterName)).toEqual([
			'Rizky Pratama',
			'Janessa West',
			'Sari Dewi',
		]);
		const [request] = requests;
		expect(request!.url.origin + request!.url.pathname).toBe(
			'https://api.trakteer.id/v1/public/supports',
		);
		expect(request!.url.searchParams.get('page')).toBe('1');
		expect(Number(request!.url.searchParams.get('limit'))).toBeGreaterThanOrEqual(8);
		expect(request!.headers.get('key')).toBe(apiKey);
		expect(request!.headers.get('accept')).toBe('application/json');
		expect(request!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
	});

	it('serves a good answer from the cache for five minutes, then asks again', async () => {
		const { fetch, requests } = scriptedFetch(success, creatorName);
		const { supporters, clock } = adapter(fetch);
		await supporters();
		clock.now += 5 * 60_000 - 1;
		expect((await supporters())[0]!.supporterName).toBe('Rizky Pratama');
		expect(requests).toHaveLength(1);
		clock.now += 1;
		expect((await supporters())[0]!.supporterName).toBe('Budi Santoso');
		expect(requests).toHaveLength(2);
	});

	it('shares one request between callers that arrive together', async () => {
		const { fetch, requests } = scriptedFetch(success);
		const { supporters } = adapter(fetch);
		const [a, b] = await Promise.all([supporters(), supporters()]);
		expect(a).toEqual(b);
		expect(requests).toHaveLength(1);
	});

	it.each([
		['a non-2xx answer', { status: 401, body: errorUnauthorized }],
		['a 500 that is not JSON', { status: 500, body: '<html>Bad gateway</html>' }],
		['malformed data', wrongShape],
		['an error body with 200', errorUnauthorized],
	])('falls back on the local table after %s, without leaking the key', async (_, answer) => {
		const { fetch } = scriptedFetch(answer);
		const { supporters, logs, fallbackCalls } = adapter(fetch);
		expect(await supporters()).toEqual([localRow]);
		expect(fallbackCalls()).toBe(1);
		expect(logs).toHaveLength(1);
		expect(logs[0]).not.toContain(apiKey);
	});

	it('gives up after the timeout and serves the fallback', async () => {
		const { fetch } = scriptedFetch('hang');
		const { supporters, logs } = adapter(fetch, 20);
		expect(await supporters()).toEqual([localRow]);
		expect(logs[0]).toMatch(/timed out after 20 ms/);
	});

	it('keeps serving the last good answer while Trakteer fails, and retries after 30 s', async () => {
		const { fetch, requests } = scriptedFetch(success, { status: 503, body: '' }, creatorName);
		const { supporters, clock, fallbackCalls } = adapter(fetch);
		const good = await supporters();
		clock.now += 5 * 60_000;
		expect(await supporters()).toEqual(good);
		expect(requests).toHaveLength(2);
		clock.now += 29_999;
		expect(await supporters()).toEqual(good);
		expect(requests).toHaveLength(2);
		clock.now += 1;
		expect((await supporters())[0]!.supporterName).toBe('Budi Santoso');
		expect(requests).toHaveLength(3);
		expect(fallbackCalls()).toBe(0);
	});

	it('refuses to start without a key', () => {
		expect(() => createTrakteerSupporters({ apiKey: ' ', fallback: async () => [] })).toThrow();
	});
});
