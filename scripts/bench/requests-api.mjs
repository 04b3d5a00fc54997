// The API side of the requests benchmark: each call sent over HTTP to the production server, signed
// in with the caller's session cookie, with a browser's headers (its writes with the site's own
// origin, as a page of the site sends them), and checked for the status the server answers when
// the call works: 201 for a new request, 200 for the rest.
//
// The calls are sent from this process, by the same closed loop that sends the bare ones
// (`drive` in load-driver.mjs), rather than by wrk as the API benchmark does: every new request
// needs a pair of receiver and item of its own and every status must be counted, which the loop
// does exactly; and these calls cost the server and the database far more than an item's detail,
// so the client's own CPU (printed per call) is a small share of the machine.
import http from 'node:http';
import { sessionCookieName } from '../../src/server/auth/cookies.ts';
import { connections, requestHeaders, requestTimeoutMs } from './api-settings.mjs';

/**
 * The code of an error envelope with a space before it, or nothing when the body holds none.
 * Error envelopes are small, so never compressed.
 * @param {Buffer} body
 */
function errorCode(body) {
	try {
		return ` ${JSON.parse(body.toString()).error.code}`;
	} catch {
		return '';
	}
}

/**
 * The API's work of each measured call, taking what the bare call takes (requests-callers.mjs).
 * @param {string} baseUrl
 * @param {Map<string, string>} tokens each user's session token
 */
export function apiCalls(baseUrl, tokens) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
	const cookieName = sessionCookieName(/** @type {any} */ ({ publicUrl: baseUrl }));
	/** @type {Record<string, { count: number, bytes: number, encoding: string }>} */
	const answers = {};
	let sent = 0;
	/**
	 * One call; resolves once its answer has arrived with the `expected` status, else fails naming
	 * the status and the error's code.
	 * @param {string} key the endpoint, for the answers' sizes
	 * @param {{ method: string, path: string, userId: string, expected: number, body?: unknown }} call
	 */
	const send = (key, { method, path, userId, expected, body }) =>
		new Promise((resolve, reject) => {
			sent++;
			const payload = body === undefined ? undefined : JSON.stringify(body);
			const headers = {
				...requestHeaders,
				cookie: `${cookieName}=${tokens.get(userId)}`,
				...(payload === undefined
					? {}
					: {
							origin: baseUrl,
							'content-type': 'application/json',
							'content-length': Buffer.byteLength(payload),
						}),
			};
			const request = http.request(`${baseUrl}${path}`, { method, agent, headers }, (response) => {
				const chunks = [];
				let bytes = 0;
				response.on('data', (chunk) => {
					bytes += chunk.length;
					if (response.statusCode !== expected) chunks.push(chunk);
				});
				response.on('error', reject);
				response.on('end', () => {
					if (response.statusCode !== expected) {
						const code = errorCode(Buffer.concat(chunks));
						reject(new Error(`HTTP ${response.statusCode}${code} (expected ${expected})`));
						return;
					}
					const answer = (answers[key] ??= { count: 0, bytes: 0, encoding: 'identity' });
					answer.count++;
					answer.bytes += bytes;
					answer.encoding = response.headers['content-encoding'] ?? 'identity';
					resolve(undefined);
				});
			});
			request.setTimeout(requestTimeoutMs, () => request.destroy(new Error('timed out')));
			request.on('error', reject);
			request.end(payload);
		});
	return {
		/** @param {{ donorId: string, itemId: number }} call */
		donorList: ({ donorId, itemId }) =>
			send('donorList', {
				method: 'GET',
				path: `/api/items/${itemId}/requests`,
				userId: donorId,
				expected: 200,
			}),
		/** @param {string} receiverId */
		receiverList: (receiverId) =>
			send('receiverList', {
				method: 'GET',
				path: '/api/requests/mine',
				userId: receiverId,
				expected: 200,
			}),
		/** @param {{ receiverId: string, itemId: number }} call */
		ask: ({ receiverId, itemId }) =>
			send('ask', {
				method: 'POST',
				path: `/api/items/${itemId}/requests`,
				userId: receiverId,
				expected: 201,
				body: { quantity: 1 },
			}),
		/** @param {{ request: { receiverId: string, itemId: number }, quantity: number }} call */
		askAgain: ({ request: { receiverId, itemId }, quantity }) =>
			send('askAgain', {
				method: 'POST',
				path: `/api/items/${itemId}/requests`,
				userId: receiverId,
				expected: 200,
				body: { quantity },
			}),
		/** The average size of each endpoint's answers as sent (compressed or not), and how. */
		answers: () =>
			Object.fromEntries(
				Object.entries(answers).map(([key, { count, bytes, encoding }]) => [
					key,
					{ bytes: Math.round(bytes / count), encoding },
				]),
			),
		/** How many calls were sent so far, answered or not. */
		sent: () => sent,
		close: () => agent.destroy(),
	};
}
