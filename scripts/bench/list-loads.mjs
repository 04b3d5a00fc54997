// What the benchmarks of lists under load (places, needs) share: a signed-in viewer for the
// "near me" lists, and the report of their runs.
import { createHash, randomBytes } from 'node:crypto';
import { connections, targets } from './api-settings.mjs';

/**
 * Signs in a viewer living in `district`, for the lists ordered nearest first. The session is
 * stored as the sign-in stores one: by the SHA-256 of the cookie's token.
 * @param {import('postgres').Sql} client
 * @param {string} district the viewer's district code
 * @returns {Promise<string>} the session cookie, for a request's `cookie` header
 */
export async function signInViewer(client, district) {
	const token = randomBytes(32).toString('base64url');
	await client`insert into users (id, issuer, subject, area_id) values
		('bench-viewer', 'bench', 'viewer', ${district})`;
	await client`insert into sessions (id, user_id, expires_at) values
		(${createHash('sha256').update(token).digest('base64url')}, 'bench-viewer',
		now() + interval '1 day')`;
	return `hibahin_session=${token}`;
}

/**
 * A lists benchmark's results: its settings, each list's figures, and the lists that met errors
 * (which make the run a broken one).
 * @param {unknown} wrk the wrk found, or null when autocannon loaded the lists
 * @param {Record<string, { name: string, api: { errors: number, errorSamples: string[] } }>} lists
 */
export function listLoadResults(wrk, lists) {
	return {
		connections,
		loadGenerator: wrk ? 'wrk' : 'autocannon',
		targets,
		lists,
		failed: Object.values(lists)
			.filter(({ api }) => api.errors > 0)
			.map(({ name, api }) => ({ list: name, error: api.errorSamples.join('; ') })),
	};
}
