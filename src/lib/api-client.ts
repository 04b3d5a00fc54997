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

/** Calls `/api{path}` and returns the body's `data`; throws `ApiError` on failure. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
	const headers = new Headers(init.headers);
	headers.set('Accept', 'application/json');
	headers.set('Accept-Language', document.documentElement.lang || 'id');
	if (init.body && !(init.body instanceof FormData))
		headers.set('Content-Type', 'application/json');
	const response = await fetch(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
	const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
	if (!response.ok) throw apiErrorOf(response.status, body);
	// A 204 (a delete) has no body and no data.
	return (body as { data: T } | null)?.data as T;
}
