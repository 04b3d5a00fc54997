import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { type ObjectStorageConfig, readObjectStorageConfig } from './object-storage-config';
import { projectPath } from './paths';
import { type PushConfig, readPushConfig } from './push-config';

/** Everything the server reads from the environment, with the embedded defaults. */
export interface ServerConfig {
	/** The site's public origin, e.g. `https://hibahin.id`. */
	publicUrl: string;
	/**
	 * Every origin the site answers on, `publicUrl` first. Only `publicUrl` when it was set; in
	 * embedded mode without it, also the machine's own addresses on `PORT`, so a phone on the same
	 * network signs in at the address it opened (decision 016).
	 */
	origins: string[];
	/**
	 * Where the server reaches itself (`HOST` and `PORT`, the loopback when it listens on every
	 * address): the built-in provider is called there, not through the proxy in front.
	 */
	selfOrigin: string;
	dataDir: string;
	/** Where photos are stored when not in `DATA_DIR/uploads` (`STORAGE_URL`, `S3_*`). */
	objectStorage: ObjectStorageConfig | null;
	/** A public bucket or CDN that serves the stored photos instead of `/media/`. */
	mediaBaseUrl: string | null;
	databaseUrl: string | undefined;
	redisUrl: string | undefined;
	trustProxy: boolean;
	/** How many proxies in front append to `X-Forwarded-For` (`TRUST_PROXY_HOPS`). */
	trustProxyHops: number;
	demoData: boolean;
	/** `MODERATOR_EMAILS`, lower case: people who moderate besides those with the role. */
	moderatorEmails: string[];
	/** `SMTP_URL` and `MAIL_FROM`; without an SMTP server, mail goes to the log (embedded mode). */
	mail: { smtpUrl: string | undefined; from: string | undefined };
	/**
	 * The courier and payment providers' keys (decision 024). Server only: of these, only the
	 * Midtrans client key may ever reach a page.
	 */
	courier: CourierKeys;
	/** Web Push: the VAPID keys when set, the contact push services see, extra push services. */
	push: PushConfig;
	oidc:
		| { kind: 'built-in'; clientId: string; audience: string }
		| {
				kind: 'external';
				issuerUrl: string;
				clientId: string;
				clientSecret: string;
				audience: string | undefined;
				/** Kinde reads the post-logout target from `redirect` rather than the standard name. */
				logoutRedirectParam: string;
		  };
}

/** Biteship's and Midtrans's keys, each unset when empty. */
export interface CourierKeys {
	biteshipApiKey: string | undefined;
	midtransServerKey: string | undefined;
	midtransClientKey: string | undefined;
	/** `MIDTRANS_ENV`: which of Midtrans's two sites the keys belong to. */
	midtransEnv: 'sandbox' | 'production';
}

/** The names and addresses this machine answers to, for URLs (`[…]` around IPv6). */
export function machineHosts(): string[] {
	const addresses = Object.values(networkInterfaces())
		.flat()
		.filter((address) => address !== undefined && !address.address.startsWith('fe80:'))
		.map((address) => (address!.family === 'IPv6' ? `[${address!.address}]` : address!.address));
	return [...new Set(['localhost', '127.0.0.1', '[::1]', hostname(), ...addresses])];
}

/**
 * The `SITE_URL` the site was built with, when one was given (`import.meta.env.SITE`; without
 * one, some bundles hold the text `undefined`).
 */
const builtSite = import.meta.env.SITE as string | undefined;
const builtSiteUrl = builtSite && URL.canParse(builtSite) ? builtSite : undefined;

/**
 * The origin the prerendered pages were built with. Their head's links are moved to the public
 * origin as they are served (`prerenderedPagesOn`).
 */
export const builtOrigin = new URL(builtSiteUrl ?? 'http://localhost:4321').origin;

/**
 * What to say at start-up when `SITE_URL` (of the build or of the environment) names another
 * origin than `PUBLIC_URL`: pages, sign-in and cookies follow `PUBLIC_URL`.
 */
export function siteUrlWarning(
	env: NodeJS.ProcessEnv = process.env,
	built: string | undefined = builtSiteUrl,
): string | null {
	const siteUrl = env['SITE_URL'] ?? built;
	const publicUrl = env['PUBLIC_URL'];
	if (!siteUrl || !publicUrl || originOf(siteUrl) === originOf(publicUrl)) return null;
	return (
		`SITE_URL (${siteUrl}) and PUBLIC_URL (${publicUrl}) name different addresses. ` +
		'Canonical, hreflang and og: links, sign-in and cookies use PUBLIC_URL; ' +
		'SITE_URL only stands in for PUBLIC_URL when that is unset.'
	);
}

/** The origin the server is reached at on this machine, listening on `host` and `port`. */
export function selfOriginOf(host: string | undefined, port: string): string {
	const listening = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
	return `http://${listening.includes(':') ? `[${listening}]` : listening}:${port}`;
}

export function readServerConfig(
	env: NodeJS.ProcessEnv = process.env,
	hosts: () => string[] = machineHosts,
): ServerConfig {
	const port = env['PORT'] ?? '4321';
	const configured = env['PUBLIC_URL'] ?? env['SITE_URL'] ?? builtSiteUrl;
	const publicUrl = (configured ?? `http://localhost:${port}`).replace(/\/+$/, '');
	const issuerUrl = env['OIDC_ISSUER_URL'];
	// An external provider knows only the callback it was given, so only the built-in one follows.
	const followsHost = !configured && !issuerUrl;
	const origins = followsHost
		? [...new Set([publicUrl, ...hosts().map((host) => originOf(`http://${host}:${port}`))])]
		: [new URL(publicUrl).origin];
	return {
		publicUrl,
		origins: origins.filter((origin): origin is string => origin !== null),
		selfOrigin: selfOriginOf(env['HOST'], port),
		dataDir: env['DATA_DIR'] ?? projectPath('data'),
		objectStorage: readObjectStorageConfig(env),
		mediaBaseUrl: env['MEDIA_BASE_URL']?.replace(/\/+$/, '') || null,
		databaseUrl: env['DATABASE_URL'] || undefined,
		redisUrl: env['REDIS_URL'] || undefined,
		trustProxy: env['TRUST_PROXY'] === 'true',
		trustProxyHops: proxyHops(env['TRUST_PROXY_HOPS']),
		demoData: !env['DATABASE_URL'] && env['DEMO_DATA'] !== 'off',
		moderatorEmails: (env['MODERATOR_EMAILS'] ?? '')
			.split(',')
			.map((email) => email.trim().toLowerCase())
			.filter(Boolean),
		mail: { smtpUrl: env['SMTP_URL'] || undefined, from: env['MAIL_FROM'] || undefined },
		courier: {
			biteshipApiKey: env['BITESHIP_API_KEY'] || undefined,
			midtransServerKey: env['MIDTRANS_SERVER_KEY'] || undefined,
			midtransClientKey: env['MIDTRANS_CLIENT_KEY'] || undefined,
			midtransEnv: midtransEnv(env['MIDTRANS_ENV']),
		},
		push: readPushConfig(env, publicUrl, env['MAIL_FROM'] || undefined),
		oidc: issuerUrl
			? {
					kind: 'external',
					issuerUrl,
					clientId: required(env, 'OIDC_CLIENT_ID'),
					clientSecret: required(env, 'OIDC_CLIENT_SECRET'),
					audience: env['OIDC_AUDIENCE'] || undefined,
					logoutRedirectParam: env['OIDC_LOGOUT_REDIRECT_PARAM'] ?? 'post_logout_redirect_uri',
				}
			: { kind: 'built-in', clientId: 'hibahin-web', audience: `${publicUrl}/api` },
	};
}

function originOf(url: string): string | null {
	return URL.canParse(url) ? new URL(url).origin : null;
}

function proxyHops(value: string | undefined): number {
	if (value === undefined || value === '') return 1;
	const hops = Number(value);
	if (!Number.isInteger(hops) || hops < 1) {
		throw new Error(`TRUST_PROXY_HOPS must be a whole number of 1 or more, not "${value}"`);
	}
	return hops;
}

function midtransEnv(value: string | undefined): CourierKeys['midtransEnv'] {
	if (value === undefined || value === '' || value === 'sandbox') return 'sandbox';
	if (value === 'production') return 'production';
	throw new Error(`MIDTRANS_ENV must be sandbox or production, not "${value}"`);
}

function required(env: NodeJS.ProcessEnv, name: string): string {
	const value = env[name];
	if (!value) throw new Error(`${name} must be set when OIDC_ISSUER_URL is set`);
	return value;
}

/** Where uploaded photos live in embedded mode. */
export function uploadsDir(config: ServerConfig): string {
	return join(config.dataDir, 'uploads');
}
