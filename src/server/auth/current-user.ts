import { findOrCreateUser, type UserRow } from '~/server/auth/users';
import type { ServerContext } from '../context';
import { bearerToken, namesBearer } from './bearer';

/**
 * The user behind a request: the browser's session cookie, or for API clients an
 * `Authorization: Bearer` access token verified against the issuer's keys. A request that names
 * a bearer token is that token's or nobody's, even with a session cookie beside it.
 */
export async function findUserForRequest(
	server: ServerContext,
	credentials: { sessionToken: string | undefined; authorization: string | undefined },
): Promise<UserRow | null> {
	if (namesBearer(credentials.authorization)) {
		const token = bearerToken(credentials.authorization);
		const identity = token ? await server.verifyBearer(token) : null;
		return identity ? findOrCreateUser(server.db, identity) : null;
	}
	return credentials.sessionToken ? server.sessions.userOf(credentials.sessionToken) : null;
}
