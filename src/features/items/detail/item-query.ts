/** Reading one item for the detail page's polling: conditional requests, so polls are cheap. */
import { apiErrorOf } from '~/lib/api-client';
import type { Item } from '../items';

/** A poll's outcome: the item changed (with its new ETag), or the server answered 304. */
export type ItemPoll = { changed: true; item: Item; etag: string | null } | { changed: false };

/**
 * `GET /api/items/{id}` with `If-None-Match`. The browser's own cache is bypassed so a 304
 * reaches this code and the data it already has is kept. Failures throw `ApiError`.
 */
export async function pollItem(
	id: number,
	etag: string | null,
	language: string,
	request: typeof fetch = fetch,
): Promise<ItemPoll> {
	const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language });
	if (etag) headers.set('If-None-Match', etag);
	const response = await request(`/api/items/${id}`, {
		headers,
		credentials: 'same-origin',
		cache: 'no-store',
	});
	if (response.status === 304) return { changed: false };
	const body: unknown = await response.json().catch(() => null);
	if (!response.ok) throw apiErrorOf(response.status, body);
	return { changed: true, item: (body as { data: Item }).data, etag: response.headers.get('ETag') };
}
