import { describe, expect, it } from 'vitest';
import {
	AreaDirectoryUnavailableError,
	createBiteshipAreaDirectory,
} from './areas.biteship.server';
import errorUnauthorized from './fixtures/biteship-error-401.json';
import failureWithOk from './fixtures/biteship-failure-200.json';
import getPesanggrahan from './fixtures/biteship-get-pesanggrahan.json';
import searchKebayoran from './fixtures/biteship-search-kebayoran.json';
import wrongShape from './fixtures/biteship-wrong-shape.json';

const apiKey = 'biteship_test.eyJhbGciOiJIUzI1NiJ9.secret-part';

/** A fetch that records each request and answers one canned response. */
function recordingFetch(body: unknown, status = 200) {
	const requests: { url: URL; headers: Headers; signal: AbortSignal | null | undefined }[] = [];
	const replayFetch = async (input: string | URL | Request, init?: RequestInit) => {
		requests.push({
			url: new URL(input instanceof Request ? input.url : input),
			headers: new Headers(init?.headers),
			signal: init?.signal,
		});
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		return new Response(text, { status, headers: { 'content-type': 'application/json' } });
	};
	return { fetch: replayFetch as typeof fetch, requests };
}

function directory(fetchImpl: typeof fetch, timeoutMs?: number) {
	return createBiteshipAreaDirectory({
		apiKey,
		fetch: fetchImpl,
		...(timeoutMs === undefined ? {} : { timeoutMs }),
	});
}

/** Awaits the rejection and checks it is the directory's error, without the key in it. */
async function expectUnavailable(
	promise: Promise<unknown>,
): Promise<AreaDirectoryUnavailableError> {
	const error = await promise.then(
		() => expect.unreachable('expected AreaDirectoryUnavailableError'),
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(AreaDirectoryUnavailableError);
	const unavailable = error as AreaDirectoryUnavailableError;
	expect(unavailable.message).not.toContain(apiKey);
	expect(unavailable.message).not.toContain('secret-part');
	return unavailable;
}

describe('createBiteshipAreaDirectory search', () => {
	it('maps the areas, keeping the name and turning the postal code into text', async () => {
		const { fetch } = recordingFetch(searchKebayoran);
		const areas = await directory(fetch).search('kebayoran');
		expect(areas).toHaveLength(4);
		expect(areas[0]).toEqual({
			id: 'IDNP6IDNC148IDND842IDZ12110',
			name: 'Kebayoran Baru, Jakarta Selatan, DKI Jakarta. 12110',
			administrative_division_level_1_name: 'DKI Jakarta',
			administrative_division_level_2_name: 'Jakarta Selatan',
			administrative_division_level_3_name: 'Kebayoran Baru',
			postal_code: '12110',
		});
		expect(areas.map((a) => a.postal_code)).toEqual(['12110', '12160', '12220', '12240']);
	});

	it('sends the raw key and the documented query string', async () => {
		const { fetch, requests } = recordingFetch(searchKebayoran);
		await directory(fetch).search('  Kebayoran   Lama ');
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request?.headers.get('authorization')).toBe(apiKey);
		expect(`${request?.url.origin}${request?.url.pathname}`).toBe(
			'https://api.biteship.com/v1/maps/areas',
		);
		expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
			countries: 'ID',
			input: 'Kebayoran Lama',
			type: 'single',
		});
		expect(request?.signal).toBeInstanceOf(AbortSignal);
	});

	it('honours the limit and a custom base URL', async () => {
		const { fetch, requests } = recordingFetch(searchKebayoran);
		const areas = await createBiteshipAreaDirectory({
			apiKey,
			fetch,
			baseUrl: 'https://staging.example.test/',
		}).search('kebayoran', 2);
		expect(areas).toHaveLength(2);
		expect(requests[0]?.url.href).toMatch(/^https:\/\/staging\.example\.test\/v1\/maps\/areas\?/);
	});

	it('does not call Biteship for queries under 3 characters', async () => {
		const { fetch, requests } = recordingFetch(searchKebayoran);
		expect(await directory(fetch).search(' k. ')).toEqual([]);
		expect(requests).toHaveLength(0);
	});

	it('reads postal codes sent as text and leaves out missing ones', async () => {
		const [first, second] = searchKebayoran.areas;
		const { fetch } = recordingFetch({
			success: true,
			areas: [
				{ ...first, postal_code: ' 12110 ' },
				{ ...second, postal_code: null },
			],
		});
		const areas = await directory(fetch).search('kebayoran');
		expect(areas[0]?.postal_code).toBe('12110');
		expect(areas[1]).not.toHaveProperty('postal_code');
	});

	it('skips a malformed entry but keeps the rest', async () => {
		const { fetch } = recordingFetch({
			success: true,
			areas: [{ id: 'IDNP6', name: 42 }, ...searchKebayoran.areas],
		});
		expect(await directory(fetch).search('kebayoran')).toHaveLength(4);
	});
});

describe('createBiteshipAreaDirectory get', () => {
	it('reads the first area of the envelope', async () => {
		const { fetch, requests } = recordingFetch(getPesanggrahan);
		const area = await directory(fetch).get('IDNP6IDNC148IDND843IDZ12250');
		expect(requests[0]?.url.href).toBe(
			'https://api.biteship.com/v1/maps/areas/IDNP6IDNC148IDND843IDZ12250',
		);
		expect(requests[0]?.headers.get('authorization')).toBe(apiKey);
		expect(area).toEqual({
			id: 'IDNP6IDNC148IDND843IDZ12250',
			name: 'Pesanggrahan, Jakarta Selatan, DKI Jakarta. 12250',
			administrative_division_level_1_name: 'DKI Jakarta',
			administrative_division_level_2_name: 'Jakarta Selatan',
			administrative_division_level_3_name: 'Pesanggrahan',
			postal_code: '12250',
		});
	});

	it('answers null for an empty result or a 404', async () => {
		expect(await directory(recordingFetch({ success: true, areas: [] }).fetch).get('X')).toBeNull();
		const notFound = { success: false, error: 'Area not found', code: 40400001 };
		expect(await directory(recordingFetch(notFound, 404).fetch).get('X')).toBeNull();
	});

	it('escapes the id into a single path segment', async () => {
		const { fetch, requests } = recordingFetch(getPesanggrahan);
		await directory(fetch).get('../couriers?x=1');
		expect(requests[0]?.url.pathname).toBe('/v1/maps/areas/..%2Fcouriers%3Fx%3D1');
		expect(requests[0]?.url.search).toBe('');
	});
});

describe('createBiteshipAreaDirectory failures', () => {
	it('turns a 401 error body into AreaDirectoryUnavailableError with its message', async () => {
		const error = await expectUnavailable(
			directory(recordingFetch(errorUnauthorized, 401).fetch).search('kebayoran'),
		);
		expect(error.message).toContain('401');
		expect(error.message).toContain('Authentication failed');
	});

	it('treats success: false with HTTP 200 as unavailable', async () => {
		const error = await expectUnavailable(
			directory(recordingFetch(failureWithOk).fetch).search('kebayoran'),
		);
		expect(error.message).toContain('Input is required');
	});

	it('rejects a body that is not JSON, on success and on error statuses', async () => {
		await expectUnavailable(
			directory(recordingFetch('<html>upstream hiccup</html>').fetch).search('kebayoran'),
		);
		const error = await expectUnavailable(
			directory(recordingFetch('<html>Bad Gateway</html>', 502).fetch).get('IDNP6'),
		);
		expect(error.message).toContain('502');
	});

	it('rejects a JSON body of the wrong shape', async () => {
		await expectUnavailable(directory(recordingFetch(wrongShape).fetch).search('kebayoran'));
		await expectUnavailable(
			directory(recordingFetch({ success: true, areas: [{ id: 1 }] }).fetch).search('kebayoran'),
		);
		await expectUnavailable(directory(recordingFetch([]).fetch).get('IDNP6'));
	});

	it('times out on a fetch that never answers', async () => {
		const hanging = (() => new Promise<Response>(() => {})) as typeof fetch;
		const error = await expectUnavailable(directory(hanging, 20).search('kebayoran'));
		expect(error.message).toContain('timed out after 20 ms');
	});

	it('reports a network failure', async () => {
		const failing = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
		const error = await expectUnavailable(directory(failing).search('kebayoran'));
		expect(error.message).toContain('could not be reached');
	});

	it('never repeats the key, even when the provider echoes it', async () => {
		const echo = { success: false, error: `Invalid key ${apiKey}`, code: 40101001 };
		const error = await expectUnavailable(directory(recordingFetch(echo, 401).fetch).search('abc'));
		expect(error.message).toContain('[redacted]');
	});

	it('refuses to start without a key', () => {
		expect(() => createBiteshipAreaDirectory({ apiKey: ' ' })).toThrow(TypeError);
	});
});
