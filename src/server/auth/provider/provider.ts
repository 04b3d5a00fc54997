import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, {
	type Configuration,
	type KoaContextWithOIDC,
	interactionPolicy,
} from 'oidc-provider';
import {
	isLocale,
	languageStorageKey,
	type Locale,
	localeOfPath,
	localizePath,
} from '~/lib/i18n/locales';
import type { Database } from '../../db/client';
import { sharedSecret } from '../../secrets';
import { chosenLocale, signInErrorPath } from '../error-page';
import { callbackPath } from '../relying-party';
import { findLocalAccount } from './accounts';
import { databaseAdapter } from './adapter';
import { readInteractionTicket } from './tickets';

/** Where the built-in provider is mounted on the site's own server. */
export const providerMountPath = '/oidc';

export interface BuiltInProviderOptions {
	db: Database;
	/** The site's public origin, e.g. `http://localhost:4321`: the issuer is under it. */
	publicUrl: string;
	/** Every origin the site answers on: the site's client may come back to any of them. */
	origins: string[];
	client: { id: string; secret: string };
	/** The `aud` of access tokens for the site's API. */
	audience: string;
	/** Trust `X-Forwarded-*` headers from this many proxies (behind a TLS-terminating proxy). */
	proxyHops?: number;
}

/** The language the sign-in asked for (`ui_locales`), else the one the visitor chose. */
function signInLocale(ctx: KoaContextWithOIDC): Locale {
	const requested = String(ctx.oidc?.params?.['ui_locales'] ?? '').split(' ')[0];
	return isLocale(requested) ? requested : chosenLocale(ctx.cookies.get(languageStorageKey));
}

/** The interaction pages are the site's own pages, in the language the sign-in asked for. */
function interactionUrl(ctx: KoaContextWithOIDC, uid: string): string {
	return localizePath(`/auth/interaction/${uid}`, signInLocale(ctx));
}

/** `prompt=create` (OpenID Connect's sign-up prompt) shows the sign-up form first. */
function policyWithCreatePrompt() {
	const { Prompt, Check, base } = interactionPolicy;
	const policy = base();
	policy.add(
		new Prompt(
			{ name: 'create', requestable: true },
			new Check('create_requested', 'sign-up was requested', (ctx) =>
				ctx.oidc.promptPending('create') ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
			),
		),
		0,
	);
	return policy;
}

function autoSubmitPage(title: string, form: string): string {
	return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui;display:grid;place-items:center;min-height:100vh">${form}<script>document.forms[0].submit()</script></body></html>`;
}

/**
 * The built-in OpenID Connect provider for email and password accounts, used when no
 * external issuer is configured. Its pages are the site's; it keeps its state in the database.
 */
export async function createBuiltInProvider(options: BuiltInProviderOptions): Promise<Provider> {
	const { db, publicUrl, origins, client, audience } = options;
	const jwk = await sharedSecret(db, 'oidc-signing-key', async () => {
		const { privateKey } = await generateKeyPair('RS256', { extractable: true });
		return {
			...(await exportJWK(privateKey)),
			alg: 'RS256',
			use: 'sig',
			kid: randomBytes(8).toString('hex'),
		};
	});
	const cookieKeys = await sharedSecret(db, 'oidc-cookie-keys', () => [
		randomBytes(32).toString('base64url'),
	]);
	const secure = publicUrl.startsWith('https://');

	const configuration: Configuration = {
		adapter: databaseAdapter(db),
		clients: [
			{
				client_id: client.id,
				client_secret: client.secret,
				redirect_uris: origins.map((origin) => `${origin}${callbackPath}`),
				// Signing out returns to the home page in the visitor's language.
				post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/`, `${origin}/en`]),
				response_types: ['code'],
				grant_types: ['authorization_code'],
				token_endpoint_auth_method: 'client_secret_basic',
			},
		],
		jwks: { keys: [jwk] },
		cookies: {
			keys: cookieKeys,
			long: { signed: true, secure, sameSite: 'lax' },
			short: { signed: true, secure, sameSite: 'lax' },
		},
		pkce: { required: () => true },
		claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
		conformIdTokenClaims: false,
		findAccount: async (_ctx, id) => {
			const account = await findLocalAccount(db, id);
			if (!account) return undefined;
			return {
				accountId: account.id,
				claims: () => ({
					sub: account.id,
					email: account.email,
					email_verified: account.emailVerifiedAt !== null,
				}),
			};
		},
		interactions: {
			policy: policyWithCreatePrompt(),
			url: (ctx, interaction) => interactionUrl(ctx, interaction.uid),
		},
		// The site is the only client and a first party: signing in grants it what it asked for.
		loadExistingGrant: async (ctx) => {
			const existingId =
				ctx.oidc.result?.consent?.grantId ??
				ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
			if (existingId) {
				const existing = await ctx.oidc.provider.Grant.find(existingId);
				if (existing) return existing;
			}
			const grant = new ctx.oidc.provider.Grant({
				clientId: ctx.oidc.client!.clientId,
				accountId: ctx.oidc.session!.accountId!,
			});
			grant.addOIDCScope('openid email profile');
			grant.addResourceScope(audience, 'api');
			await grant.save();
			return grant;
		},
		features: {
			devInteractions: { enabled: false },
			resourceIndicators: {
				enabled: true,
				defaultResource: () => audience,
				useGrantedResource: () => true,
				getResourceServerInfo: (_ctx, resource) => {
					if (resource !== audience) throw new Error('unknown resource');
					return { scope: 'api', audience, accessTokenFormat: 'jwt', accessTokenTTL: 3600 };
				},
			},
			rpInitiatedLogout: {
				enabled: true,
				// Signing out on the site also ends the provider session, without a second question.
				logoutSource: (ctx, form) => {
					ctx.body = autoSubmitPage(
						'Keluar',
						form.replace(
							'</form>',
							'<input type="hidden" name="logout" value="yes"><noscript><button>Keluar</button></noscript></form>',
						),
					);
				},
				postLogoutSuccessSource: (ctx) => {
					ctx.redirect('/');
				},
			},
		},
		ttl: {
			AccessToken: 3600,
			AuthorizationCode: 60,
			IdToken: 3600,
			Interaction: 3600,
			Session: 14 * 24 * 3600,
			Grant: 14 * 24 * 3600,
		},
		renderError: (ctx, out) => {
			ctx.redirect(signInErrorPath(String(out['error'] ?? 'server_error'), signInLocale(ctx)));
		},
	};

	const provider = new Provider(`${publicUrl}${providerMountPath}`, configuration);
	// Koa reads the visitor's address as the one `clientAddress` does: hops from the right.
	provider.proxy = options.proxyHops !== undefined;
	provider.maxIpsCount = options.proxyHops ?? 0;

	// Nothing the provider stores can hold NUL (`%00`): such a request is invalid, not a failure.
	provider.use(async (ctx, next) => {
		if (!/%00/i.test(ctx.originalUrl)) return next();
		ctx.redirect(
			signInErrorPath('invalid_request', chosenLocale(ctx.cookies.get(languageStorageKey))),
		);
		return undefined;
	});

	// The site's sign-in page sends the browser here with a ticket once the password checked out.
	provider.use(async (ctx, next) => {
		const match = /^\/interaction\/([\w-]+)\/finish$/.exec(ctx.path);
		if (!match || ctx.method !== 'GET') return next();
		const uid = match[1]!;
		const accountId = await readInteractionTicket(db, uid, String(ctx.query['ticket'] ?? ''));
		if (!accountId) {
			// The sign-in page's own path (`/en/auth/…`) tells its language.
			const { originalUrl } = ctx.req as IncomingMessage & { originalUrl?: string };
			ctx.redirect(signInErrorPath('invalid_ticket', localeOfPath(originalUrl ?? '/')));
			return undefined;
		}
		ctx.respond = false;
		await provider.interactionFinished(
			ctx.req,
			ctx.res,
			{ create: {}, login: { accountId } },
			{ mergeWithLastSubmission: false },
		);
		return undefined;
	});

	return provider;
}

const finishPath = /^(?:\/en)?\/auth(\/interaction\/[\w-]+\/finish(?:\?.*)?)$/;

/**
 * The provider's own path for a request on the site's server, or `null` when the request is
 * not the provider's: everything under `/oidc`, and the finish step of a sign-in, which sits
 * below the sign-in page because the provider scopes its interaction cookie to that page.
 */
export function providerPath(url: string | undefined): string | null {
	if (!url) return null;
	if (url === providerMountPath || url.startsWith(`${providerMountPath}/`)) {
		return url.slice(providerMountPath.length) || '/';
	}
	return finishPath.exec(url)?.[1] ?? null;
}

/** A Node `(req, res)` handler for the provider's requests on the site's server. */
export function mountedProviderHandler(provider: Provider) {
	const callback = provider.callback();
	return (req: IncomingMessage & { originalUrl?: string | undefined }, res: ServerResponse) => {
		req.originalUrl = req.url;
		req.url = providerPath(req.url) ?? '/';
		return callback(req, res);
	};
}
