import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import type { Item } from '../items';
import { pollItem } from './item-query';

const item = { id: 42, name: 'Kursi lipat', status: 'AVAILABLE' } as Item;

/** A stand-in for `fetch` that records the request and answers with `response`. */
function server(response: Response) {
	const requests: Request[] = [];
	const request = (async (input: RequestInfo | URL, init?: RequestInit) => {
		requests.push(new Request(new URL(String(input), 'http://site.test'), init));
		return response;
	}) as typeof fetch;
	return { requests, request };
}

describe('pollItem', () => {
	it('returns the item and its ETag', async () => {
		const { requests, request } = server(
			Response.json({ data: item }, { headers: { ETag: '"v1"' } }),
		);
		expect(await pollItem(42, null, 'en', request)).toEqual({
			changed: true,
			item,
			etag: '"v1"',
		});
		expect(new URL(requests[0]!.url).pathname).toBe('/api/items/42');
		expect(requests[0]!.headers.get('If-None-Match')).toBeNull();
		expect(requests[0]!.headers.get('Accept-Language')).toBe('en');
	});

	it('asks with the known ETag and keeps the data on 304', async () => {
		const { requests, request } = server(new Response(null, { status: 304 }));
		expect(await pollItem(42, '"v1"', 'id', request)).toEqual({ changed: false });
		expect(requests[0]!.headers.get('If-None-Match')).toBe('"v1"');
	});

	it('reports a deleted item as a 404 ApiError', async () => {
		const { request } = server(
			Response.json({ error: { code: 'NOT_FOUND', message: 'Tidak ada' } }, { status: 404 }),
		);
		const error = await pollItem(42, null, 'id', request).catch((cause: unknown) => cause);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Tidak ada' });
	});
});
