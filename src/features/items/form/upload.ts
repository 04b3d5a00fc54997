/**
 * Multipart saves with upload progress. `fetch` cannot report how much of a request body has
 * been sent, and photos on a mobile network take long enough that the owner should see it, so
 * this one call uses XMLHttpRequest. Answers follow the API's envelope like `apiFetch`.
 */
import { ApiError, apiErrorOf } from '~/lib/api-client';

/** The result of a finished request: status and raw body text. */
export interface UploadResponse {
	status: number;
	text: string;
}

/** The body's `data` of a 2xx answer; otherwise an `ApiError` with the envelope's details. */
export function parseUploadResponse<T>({ status, text }: UploadResponse): T {
	let body: unknown = null;
	try {
		body = text ? JSON.parse(text) : null;
	} catch {
		// A proxy's HTML error page: no envelope, so the caller falls back to its own message.
	}
	if (status >= 200 && status < 300) return (body as { data: T } | null)?.data as T;
	throw apiErrorOf(status, body);
}

/** A send that never reached the server or lost the connection. */
export const networkError = () => new ApiError(0, 'NETWORK_ERROR', '');

export interface UploadOptions {
	method: 'POST' | 'PUT';
	/** Path under `/api`, e.g. `/items`. */
	path: string;
	body: FormData;
	/** The page's language, so the server's messages match it. */
	locale: string;
	/** Called with the share of the body sent so far, from 0 to 1. */
	onProgress?: (fraction: number) => void;
}

/** Sends `body` to `/api{path}` and resolves with the answer's `data`; rejects with `ApiError`. */
export function uploadForm<T>({
	method,
	path,
	body,
	locale,
	onProgress,
}: UploadOptions): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const request = new XMLHttpRequest();
		request.open(method, `/api${path}`);
		request.withCredentials = true;
		request.setRequestHeader('Accept', 'application/json');
		request.setRequestHeader('Accept-Language', locale);
		request.upload.addEventListener('progress', (event) => {
			if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
		});
		request.addEventListener('load', () => {
			try {
				resolve(parseUploadResponse<T>({ status: request.status, text: request.responseText }));
			} catch (error) {
				reject(error as Error);
			}
		});
		request.addEventListener('error', () => reject(networkError()));
		request.addEventListener('timeout', () => reject(networkError()));
		request.send(body);
	});
}
