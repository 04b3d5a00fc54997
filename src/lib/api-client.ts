/** The browser's client for the site's API: same-origin cookies, JSON, the error envelope. */

export interface ApiErrorBody {
	code: string;
	message: string;
	fields?: Record<string, string>;
	requestId?: string;
}

/** A non-2xx answer, with the server's code, translated message and field errors. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly fields: Record<string, string> = {},
	) {
		super(message);
	}
}

/** The `ApiError` of a failed answer, from its envelope; a body without one gives `INTERNAL`. */
export function apiErrorOf(status: number, body: unknown): ApiError {
	const error = (body as { error?: ApiErrorBody } | null)?.error;
	return new ApiError(status, error?.code ?? 'INTERNAL', error?.message ?? '', error?.fields);
}

/** The page's language, in which the API words its error messages. */
const pageLanguage = () => document.documentElement.lang || 'id';

/** Calls `/api{path}` and returns the body's `data`; throws `ApiError` on failure. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
	const headers = new Headers(init.headers);
	headers.set('Accept', 'application/json');
	headers.set('Accept-Language', pageLanguage());
	if (init.body && !(init.body instanceof FormData))
		headers.set('Content-Type', 'application/json');
	const response = await fetch(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
	const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
	if (!response.ok) throw apiErrorOf(response.status, body);
	// A 204 (a delete) has no body and no data.
	return (body as { data: T } | null)?.data as T;
}

/** An answer's data with the `ETag` it came with, so a later read can ask whether it changed. */
export interface Tagged<T> {
	data: T;
	etag: string | null;
}

/**
 * `GET /api{path}` revalidating `previous`: its ETag goes out as `If-None-Match`, and a 304
 * (nothing changed) returns `previous` itself, so nothing that shows it renders again. The
 * browser's own cache is bypassed so that the 304 reaches this code. Throws `ApiError`.
 */
export async function apiRevalidate<T>(
	path: string,
	previous: Tagged<T> | undefined,
	signal: AbortSignal,
): Promise<Tagged<T>> {
	const headers = new Headers({ Accept: 'application/json', 'Accept-Language': pageLanguage() });
	if (previous?.etag) headers.set('If-None-Match', previous.etag);
	const response = await fetch(`/api${path}`, {
		headers,
		credentials: 'same-origin',
		cache: 'no-store',
		signal,
	});
	if (response.status === 304 && previous) return previous;
	const body: unknown = await response.json().catch(() => null);
	if (!response.ok) throw apiErrorOf(response.status, body);
	return { data: (body as { data: T }).data, etag: response.headers.get('ETag') };
}
