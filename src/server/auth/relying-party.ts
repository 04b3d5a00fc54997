import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';

/** What the site needs to know to talk to its OpenID Connect provider. */
export interface RelyingPartyOptions {
	issuerUrl: string;
	clientId: string;
	clientSecret: string;
	/** The site's callback, e.g. `https://hibahin.id/auth/callback`. */
	redirectUri: string;
	postLogoutRedirectUri: string;
	/** Asked for as `audience`, so access tokens are JWTs for the site's API. */
	audience: string | undefined;
	logoutRedirectParam: string;
	/** Signs the short-lived cookie that carries state, nonce and PKCE verifier. */
	transactionKey: Buffer;
}

/** The sign-in in progress, kept in a signed HttpOnly cookie between start and callback. */
export interface SignInTransaction {
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

/**
 * The OpenID Connect relying party: authorization code with PKCE, state and nonce; the ID
 * token's `iss`, `aud`, `exp` and nonce are checked by openid-client.
 */
export function createRelyingParty(options: RelyingPartyOptions) {
	let configuration: Promise<oidc.Configuration> | undefined;

	function discover(): Promise<oidc.Configuration> {
		configuration ??= oidc
			.discovery(
				new URL(options.issuerUrl),
				options.clientId,
				options.clientSecret,
				undefined,
				options.issuerUrl.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {},
			)
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

	function unsign(cookie: string | undefined): SignInTransaction {
		const [body, mac] = (cookie ?? '').split('.');
		if (!body || !mac) throw new SignInError('missing_transaction');
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

		/** The provider URL to send the browser to, and the cookie value that remembers why. */
		async start(request: {
			redirectTo: string;
			signUp: boolean;
			locale: string;
		}): Promise<{ url: string; transactionCookie: string }> {
			const config = await discover();
			const codeVerifier = oidc.randomPKCECodeVerifier();
			const transaction: SignInTransaction = {
				state: oidc.randomState(),
				nonce: oidc.randomNonce(),
				codeVerifier,
				redirectTo: request.redirectTo,
				expiresAt: Date.now() + transactionTtlMs,
			};
			const parameters: Record<string, string> = {
				redirect_uri: options.redirectUri,
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
			return { url: url.href, transactionCookie: sign(transaction) };
		},

		/** Exchanges the code at the callback and returns the verified identity. */
		async finish(callbackUrl: URL, transactionCookie: string | undefined): Promise<VerifiedSignIn> {
			const transaction = unsign(transactionCookie);
			const config = await discover();
			let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
			try {
				tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
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
				name: typeof claims['name'] === 'string' ? claims['name'] : null,
				idToken: tokens.id_token,
				redirectTo: transaction.redirectTo,
			};
		},

		/** Where to send the browser to end the provider's session too. */
		/** `home` is the site's home in the visitor's language (`/` or `/en`). */
		async signOutUrl(idToken: string | null, home = '/'): Promise<string> {
			const config = await discover();
			const target = new URL(home, options.postLogoutRedirectUri).href;
			const parameters: Record<string, string> = {
				[options.logoutRedirectParam]: target,
				client_id: options.clientId,
			};
			if (idToken) parameters['id_token_hint'] = idToken;
			if (!config.serverMetadata().end_session_endpoint) return target;
			return oidc.buildEndSessionUrl(config, parameters).href;
		},
	};
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
