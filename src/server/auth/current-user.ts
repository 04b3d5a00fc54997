import { findOrCreateUser, findUser, type UserRow } from '~/features/profiles/profiles.server';
import type { ServerContext } from '../context';

/**
 * The user behind a request: the browser's session cookie, or for API clients an
 * `Authorization: Bearer` access token verified against the issuer's keys.
 */
export async function findUserForRequest(
	server: ServerContext,
	credentials: { sessionToken: string | undefined; authorization: string | undefined },
): Promise<UserRow | null> {
	const bearer = /^Bearer\s+(\S+)$/i.exec(credentials.authorization ?? '')?.[1];
	if (bearer) {
		const identity = await server.verifyBearer(bearer);
		return identity ? findOrCreateUser(server.db, identity) : null;
	}
	if (!credentials.sessionToken) return null;
	const session = await server.sessions.find(credentials.sessionToken);
	return session ? findUser(server.db, session.userId) : null;
}
