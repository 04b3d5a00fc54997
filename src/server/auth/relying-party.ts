import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';

/** What the site needs to know to talk to its OpenID Connect provider. */
export interface RelyingPartyOptions {
	issuerUrl: string;
	clientId: string;
	clientSecret: string;
	/**
	 * The provider is the site's own (the built-in one): the browser reaches it on whichever of
	 * the site's origins it is on, not only on the one the server discovered it at.
	 */
	providerOnSite: boolean;
	/**
	 * With the provider on the site: where the server reaches itself (`selfOrigin`). Its own calls
	 * to the provider (discovery, token, keys) go there instead of out through the public address,
	 * whose proxy and certificate the server may not reach or trust.
	 */
	selfOrigin?: string;
	/** Asked for as `audience`, so access tokens are JWTs for the site's API. */
	audience: string | undefined;
	logoutRedirectParam: string;
	/** Signs the short-lived cookie that carries state, nonce and PKCE verifier. */
	transactionKey: Buffer;
}

/** The sign-in in progress, kept in a signed HttpOnly cookie between start and callback. */
export interface SignInTransaction {
	/** The site's origin the sign-in started on: its callback is there. */
	origin: string;
	state: string;
	nonce: string;
	codeVerifier: string;
	redirectTo: string;
	expiresAt: number;
}

export interface VerifiedSignIn {
	issuer: string;
	subject: string;
	email: string | null;
	/** The ID token's `email_verified`: only `true` counts. */
	emailVerified: boolean;
	name: string | null;
	idToken: string;
	redirectTo: string;
}

const signInErrorBrand = Symbol.for('hibahin.SignInError');

export class SignInError extends Error {
	readonly [signInErrorBrand] = true;

	/**
	 * @param reason why, for the error page's `reason`
	 * @param redirectTo where the visitor was going, once the sign-in's transaction was read: its
	 *   language is the error page's
	 */
	constructor(
		readonly reason: string,
		readonly redirectTo?: string,
	) {
		super(`Sign-in refused: ${reason}`);
	}

	/**
	 * Whether `error` is a refused sign-in. Not `instanceof`: the server runtime bundle
	 * (`dist/server/runtime.mjs`, which builds the relying party) and the site's bundle each
	 * have their own copy of this class.
	 */
	static is(error: unknown): error is SignInError {
		return typeof error === 'object' && error !== null && signInErrorBrand in error;
	}
}

const transactionTtlMs = 10 * 60_000;

/** Where the provider sends the browser back to, on the site's origin `origin`. */
export const callbackPath = '/auth/callback';

/**
 * A state that also tells which origin the sign-in started on, so a callback that arrives on
 * another one (without that origin's cookie) is explained as such. Only its random part is a
 * secret, and the whole state is checked against the cookie's.
 */
function stateFor(origin: string): string {
	return `${Buffer.from(origin).toString('base64url')}.${oidc.randomState()}`;
}

function startedOn(state: string | null): string | null {
	const [marker, random] = (state ?? '').split('.');
	if (!marker || !random) return null;
	const origin = Buffer.from(marker, 'base64url').toString();
	return URL.canParse(origin) && new URL(origin).origin === origin ? origin : null;
}

/** `url` on the site's origin `origin`, for a provider that runs on the site itself. */
function onOrigin(url: URL, origin: string): URL {
	return new URL(`${url.pathname}${url.search}`, origin);
}

/**
 * `fetch` for the server's own calls to the provider on the site: one for the issuer's origin
 * goes to `selfOrigin`, saying which public address it stands for (`X-Forwarded-Proto`,
 * `X-Forwarded-Host`), so the provider answers with its public addresses as through the proxy.
 */
export function selfFetch(issuer: URL, selfOrigin: string): oidc.CustomFetch {
	return (url, { body, headers, method, redirect, signal, duplex }) => {
		const init: RequestInit = {
			method,
			redirect,
			headers: new Headers(headers),
			...(body === undefined ? {} : { body: body as BodyInit | null }),
			...(signal ? { signal } : {}),
			...(duplex ? { duplex } : {}),
		};
		const target = new URL(url);
		if (target.origin !== issuer.origin) return fetch(url, init);
		const forwarded = init.headers as Headers;
		forwarded.set('X-Forwarded-Proto', issuer.protocol.slice(0, -1));
		forwarded.set('X-Forwarded-Host', issuer.host);
		return fetch(new URL(`${target.pathname}${target.search}`, selfOrigin), init);
	};
}

/**
 * The OpenID Connect relying party: authorization code with PKCE, state and nonce; the ID
 * token's `iss`, `aud`, `exp` and nonce are checked by openid-client.
 */
export function createRelyingParty(options: RelyingPartyOptions) {
	let configuration: Promise<oidc.Configuration> | undefined;

	function discover(): Promise<oidc.Configuration> {
		const local = options.selfOrigin;
		configuration ??= oidc
			.discovery(new URL(options.issuerUrl), options.clientId, options.clientSecret, undefined, {
				...(options.issuerUrl.startsWith('http://') || local
					? { execute: [oidc.allowInsecureRequests] }
					: {}),
				...(local ? { [oidc.customFetch]: selfFetch(new URL(options.issuerUrl), local) } : {}),
			})
			.catch((error: unknown) => {
				configuration = undefined;
				throw error;
			});
		return configuration;
	}

	function sign(transaction: SignInTransaction): string {
		const body = Buffer.from(JSON.stringify(transaction)).toString('base64url');
		const mac = createHmac('sha256', options.transactionKey).update(body).digest('base64url');
		return `${body}.${mac}`;
	}

	function unsign(cookie: string | undefined, callbackUrl: URL): SignInTransaction {
		const [body, mac] = (cookie ?? '').split('.');
		if (!body || !mac) {
			const origin = startedOn(callbackUrl.searchParams.get('state'));
			const elsewhere = origin !== null && origin !== callbackUrl.origin;
			throw new SignInError(elsewhere ? 'other_host' : 'missing_transaction');
		}
		const expected = createHmac('sha256', options.transactionKey).update(body).digest();
		const given = Buffer.from(mac, 'base64url');
		if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
			throw new SignInError('tampered_transaction');
		}
		const transaction = JSON.parse(Buffer.from(body, 'base64url').toString()) as SignInTransaction;
		if (transaction.expiresAt < Date.now()) throw new SignInError('expired_transaction');
		return transaction;
	}

	return {
		discover,

		/**
		 * The provider URL to send the browser to, and the cookie value that remembers why.
		 * `origin` is the site's origin the visitor is on; the provider sends them back there.
		 */
		async start(request: {
			origin: string;
			redirectTo: string;
			signUp: boolean;
			locale: string;
		}): Promise<{ url: string; transactionCookie: string }> {
			const config = await discover();
			const codeVerifier = oidc.randomPKCECodeVerifier();
			const transaction: SignInTransaction = {
				origin: request.origin,
				state: stateFor(request.origin),
				nonce: oidc.randomNonce(),
				codeVerifier,
				redirectTo: request.redirectTo,
				expiresAt: Date.now() + transactionTtlMs,
			};
			const parameters: Record<string, string> = {
				redirect_uri: `${request.origin}${callbackPath}`,
				scope: 'openid profile email',
				code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
				code_challenge_method: 'S256',
				state: transaction.state,
				nonce: transaction.nonce,
				ui_locales: request.locale,
				lang: request.locale,
			};
			if (request.signUp) parameters['prompt'] = 'create';
			if (options.audience) parameters['audience'] = options.audience;
			const url = oidc.buildAuthorizationUrl(config, parameters);
			const target = options.providerOnSite ? onOrigin(url, request.origin) : url;
			return { url: target.href, transactionCookie: sign(transaction) };
		},

		/**
		 * Exchanges the code at the callback and returns the verified identity. `callbackUrl` is
		 * the callback as the browser requested it, on the origin it used.
		 */
		async finish(callbackUrl: URL, transactionCookie: string | undefined): Promise<VerifiedSignIn> {
			const transaction = unsign(transactionCookie, callbackUrl);
			const config = await discover();
			// The redirect URI of the token request is the one the sign-in started with.
			const callback = new URL(`${callbackUrl.pathname}${callbackUrl.search}`, transaction.origin);
			let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
			try {
				tokens = await oidc.authorizationCodeGrant(config, callback, {
					pkceCodeVerifier: transaction.codeVerifier,
					expectedState: transaction.state,
					expectedNonce: transaction.nonce,
					idTokenExpected: true,
				});
			} catch (error) {
				throw new SignInError(
					error instanceof Error ? error.message : 'token_exchange_failed',
					transaction.redirectTo,
				);
			}
			const claims = tokens.claims();
			if (!claims || !tokens.id_token) {
				throw new SignInError('missing_id_token', transaction.redirectTo);
			}
			return {
				issuer: claims.iss,
				subject: claims.sub,
				email: typeof claims['email'] === 'string' ? claims['email'] : null,
				emailVerified: claims['email_verified'] === true,
				name: typeof claims['name'] === 'string' ? claims['name'] : null,
				idToken: tokens.id_token,
				redirectTo: transaction.redirectTo,
			};
		},

		/**
		 * Where to send the browser to end the provider's session too, and then home: `home` is
		 * the home page in the visitor's language (`/` or `/en`) on the site's origin `origin`.
		 */
		async signOutUrl(idToken: string | null, home: string, origin: string): Promise<string> {
			const config = await discover();
			const target = new URL(home, origin).href;
			const parameters: Record<string, string> = {
				[options.logoutRedirectParam]: target,
				client_id: options.clientId,
			};
			if (idToken) parameters['id_token_hint'] = idToken;
			if (!config.serverMetadata().end_session_endpoint) return target;
			const url = oidc.buildEndSessionUrl(config, parameters);
			return (options.providerOnSite ? onOrigin(url, origin) : url).href;
		},
	};
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
