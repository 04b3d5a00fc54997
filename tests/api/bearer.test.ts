import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
	type CryptoKey,
	exportJWK,
	exportSPKI,
	generateKeyPair,
	type JWK,
	type JWTPayload,
	SignJWT,
} from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { describeOnDatabases, uniquePhone } from '../helpers/test-server';

const audience = 'https://api.hibahin.test';
const clientId = 'hibahin-test';
const kid = 'issuer-key-1';

/** A tiny but real OpenID issuer: discovery metadata and a published key set. */
let issuerServer: Server;
let issuer = '';
let issuerKey: CryptoKey;
let publicKey: CryptoKey;

beforeAll(async () => {
	const pair = await generateKeyPair('RS256');
	issuerKey = pair.privateKey;
	publicKey = pair.publicKey;
	const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
	issuerServer = createServer((request, response) => {
		const send = (body: unknown) => {
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify(body));
		};
		if (request.url === '/issuer/.well-known/openid-configuration') {
			send({
				issuer,
				authorization_endpoint: `${issuer}/auth`,
				token_endpoint: `${issuer}/token`,
				jwks_uri: `${issuer}/jwks`,
				end_session_endpoint: `${issuer}/logout`,
				response_types_supported: ['code'],
				subject_types_supported: ['public'],
				id_token_signing_alg_values_supported: ['RS256'],
			});
		} else if (request.url === '/issuer/jwks') {
			send({ keys: [jwk] });
		} else {
			response.writeHead(404).end();
		}
	});
	await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
	issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/issuer`;
});

afterAll(async () => {
	await new Promise((resolve) => issuerServer?.close(resolve));
});

/** An access token as the issuer would sign it; `claims` and `options` change one thing. */
function accessToken(
	claims: JWTPayload | Record<string, string | undefined> = {},
	options: { key?: CryptoKey | Uint8Array; alg?: string } = {},
): Promise<string> {
	const jwt = new SignJWT({ email: 'api-client@example.com', ...claims })
		.setProtectedHeader({ alg: options.alg ?? 'RS256', kid, typ: 'at+jwt' })
		.setIssuedAt()
		.setExpirationTime('10m');
	if (!('iss' in claims)) jwt.setIssuer(issuer);
	if (!('aud' in claims)) jwt.setAudience(audience);
	if (!('sub' in claims)) jwt.setSubject(randomUUID());
	return jwt.sign(options.key ?? issuerKey);
}

function unsecuredToken(): string {
	const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
	const now = Math.floor(Date.now() / 1000);
	return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
		iss: issuer,
		aud: audience,
		sub: randomUUID(),
		iat: now,
		exp: now + 600,
	})}.`;
}

describeOnDatabases(
	'Bearer access tokens',
	(use) => {
		const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

		async function profileCheck(token: string, headers: Record<string, string> = {}) {
			return use().request('/profile/check', { headers: { ...bearer(token), ...headers } });
		}

		async function expectUnauthorized(response: Response) {
			expect(response.status).toBe(401);
			expect((await response.json()).error.code).toBe('UNAUTHORIZED');
		}

		async function usersFor(subject: string) {
			return use()
				.server.db.select()
				.from(users)
				.where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
		}

		it('accepts a token signed by the issuer for the API and creates its user once', async () => {
			const subject = `kp_${randomUUID()}`;
			const token = await accessToken({ sub: subject });
			expect(await usersFor(subject)).toEqual([]);

			const response = await profileCheck(token);
			expect(response.status).toBe(200);
			const { data } = await response.json();
			expect(data.isComplete).toBe(false);
			expect(data.profile.email).toBe('api-client@example.com');

			const rows = await usersFor(subject);
			expect(rows).toHaveLength(1);
			expect(rows[0]!.id).toBe(data.userId);

			const again = await (await profileCheck(token)).json();
			expect(again.data.userId).toBe(data.userId);
			expect(await usersFor(subject)).toHaveLength(1);
		});

		it('keys users by issuer and subject: another subject is another user', async () => {
			const first = await (await profileCheck(await accessToken())).json();
			const second = await (await profileCheck(await accessToken())).json();
			expect(first.data.userId).not.toBe(second.data.userId);
		});

		it('lets a bearer client save its profile, once it accepted the terms', async () => {
			const token = await accessToken();
			const profile = {
				method: 'PUT',
				headers: { ...bearer(token), 'Content-Type': 'application/json' },
				body: JSON.stringify({
					name: 'Klien API',
					phone: uniquePhone(),
					address: 'Jl. Kenanga No. 12, RT 01/RW 02',
					areaId: '31.74.07',
				}),
			};
			expect((await use().request('/profile', profile)).status).toBe(403);
			const refused = await use().request('/consent', {
				method: 'PUT',
				headers: { ...bearer(token), 'Content-Type': 'application/json' },
				body: JSON.stringify({ terms: true, adult: false }),
			});
			expect(refused.status).toBe(400);
			expect((await refused.json()).error.fields).toEqual({ adult: 'legal.consent.errors.adult' });
			const accepted = await use().request('/consent', {
				method: 'PUT',
				headers: { ...bearer(token), 'Content-Type': 'application/json' },
				body: JSON.stringify({ terms: true, adult: true }),
			});
			expect(accepted.status).toBe(200);
			const response = await use().request('/profile', profile);
			expect(response.status).toBe(200);
			expect((await (await profileCheck(token)).json()).data.isComplete).toBe(true);
		});

		it.each<[string, Record<string, string | undefined>]>([
			['another audience', { aud: 'https://other.example' }],
			['the client id as audience (an ID token, not an access token)', { aud: clientId }],
			['another issuer', { iss: 'https://evil.example' }],
			['the same path on another port', { iss: 'http://127.0.0.1:1/issuer' }],
			['no subject', { sub: undefined }],
		])('refuses a token for %s with 401', async (_, claims) => {
			await expectUnauthorized(await profileCheck(await accessToken(claims)));
		});

		it('refuses an expired token with 401', async () => {
			const hourAgo = Math.floor(Date.now() / 1000) - 3600;
			const token = await new SignJWT({})
				.setProtectedHeader({ alg: 'RS256', kid })
				.setIssuer(issuer)
				.setAudience(audience)
				.setSubject(randomUUID())
				.setIssuedAt(hourAgo - 600)
				.setExpirationTime(hourAgo)
				.sign(issuerKey);
			await expectUnauthorized(await profileCheck(token));
		});

		it('refuses a token without an expiry with 401', async () => {
			const token = await new SignJWT({})
				.setProtectedHeader({ alg: 'RS256', kid })
				.setIssuer(issuer)
				.setAudience(audience)
				.setSubject(randomUUID())
				.sign(issuerKey);
			await expectUnauthorized(await profileCheck(token));
		});

		it('refuses a token signed by another key under the issuer’s key id with 401', async () => {
			const forger = await generateKeyPair('RS256');
			await expectUnauthorized(
				await profileCheck(await accessToken({}, { key: forger.privateKey })),
			);
		});

		it('refuses an unsigned token (alg: none) with 401', async () => {
			await expectUnauthorized(await profileCheck(unsecuredToken()));
		});

		it('refuses an HS256 token keyed with the issuer’s public key with 401', async () => {
			const secret = new TextEncoder().encode(await exportSPKI(publicKey));
			await expectUnauthorized(
				await profileCheck(await accessToken({}, { key: secret, alg: 'HS256' })),
			);
		});

		it.each(['garbage', 'a.b.c', ''])('refuses a garbage token (%j) with 401', async (token) => {
			await expectUnauthorized(await profileCheck(token));
		});

		it('does not fall back to the session cookie when a bearer token is refused', async () => {
			const user = await use().createUser({ complete: true });
			const response = await use().request('/profile/check', {
				user,
				headers: bearer('garbage'),
			});
			await expectUnauthorized(response);
		});

		it.each(['Bearer a b', 'Bearer', 'Bearer   ', 'bearer garbage', 'BEARER a.b.c extra'])(
			'refuses %j with 401 beside a valid session cookie: a named bearer token is the only credential',
			async (authorization) => {
				const user = await use().createUser({ complete: true });
				const response = await use().request('/profile/check', {
					user,
					headers: { Authorization: authorization },
				});
				await expectUnauthorized(response);
			},
		);

		it('refuses a malformed bearer header with 401 where signing in is not needed', async () => {
			await expectUnauthorized(
				await use().request('/items', { headers: { Authorization: 'Bearer a b' } }),
			);
		});

		it('does not let a malformed bearer header carry a cross-origin write on the session cookie', async () => {
			const user = await use().createUser({ complete: true });
			const before = await (await use().request('/profile/check', { user })).json();
			const response = await use().request('/profile', {
				method: 'PUT',
				user,
				headers: {
					Authorization: 'Bearer a b',
					'Content-Type': 'application/json',
					Origin: 'https://evil.example',
					'Sec-Fetch-Site': 'cross-site',
				},
				body: JSON.stringify({
					name: 'Penyerang',
					phone: uniquePhone(),
					address: 'Jl. Penyerang No. 1, Jakarta',
					areaId: '31.74.07',
				}),
			});
			await expectUnauthorized(response);
			expect(await (await use().request('/profile/check', { user })).json()).toEqual(before);
		});

		it('does not refuse a cross-origin bearer write as CSRF: bearer carries no ambient credentials', async () => {
			const response = await use().request('/consent', {
				method: 'PUT',
				headers: {
					...bearer(await accessToken()),
					'Content-Type': 'application/json',
					Origin: 'https://evil.example',
					'Sec-Fetch-Site': 'cross-site',
				},
				body: JSON.stringify({}),
			});
			expect(response.status).toBe(400);
			expect((await response.json()).error.code).toBe('VALIDATION_ERROR');
		});

		it('does not let a refused bearer token carry a cross-origin write on the session cookie', async () => {
			const user = await use().createUser({ complete: true });
			const before = await (await use().request('/profile/check', { user })).json();
			const response = await use().request('/profile', {
				method: 'PUT',
				user,
				headers: {
					...bearer('garbage'),
					'Content-Type': 'application/json',
					Origin: 'https://evil.example',
				},
				body: JSON.stringify({
					name: 'Penyerang',
					phone: uniquePhone(),
					address: 'Jl. Penyerang No. 1, Jakarta',
					areaId: '31.74.07',
				}),
			});
			await expectUnauthorized(response);
			expect(await (await use().request('/profile/check', { user })).json()).toEqual(before);
		});

		it('still refuses a cross-origin write with another kind of Authorization header', async () => {
			const user = await use().createUser({ complete: true });
			const response = await use().request('/profile', {
				method: 'PUT',
				user,
				headers: {
					Authorization: 'Basic dXNlcjpwYXNz',
					'Content-Type': 'application/json',
					Origin: 'https://evil.example',
				},
				body: JSON.stringify({}),
			});
			expect(response.status).toBe(403);
			expect((await response.json()).error.code).toBe('FORBIDDEN');
		});
	},
	{
		env: () => ({
			OIDC_ISSUER_URL: issuer,
			OIDC_CLIENT_ID: clientId,
			OIDC_CLIENT_SECRET: 'secret',
			OIDC_AUDIENCE: audience,
		}),
	},
);
