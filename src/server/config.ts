import { join } from 'node:path';
import { projectPath } from './paths';

/** Everything the server reads from the environment, with the embedded defaults. */
export interface ServerConfig {
	/** The site's public origin, e.g. `https://hibahin.id`. */
	publicUrl: string;
	dataDir: string;
	databaseUrl: string | undefined;
	redisUrl: string | undefined;
	trustProxy: boolean;
	/** How many proxies in front append to `X-Forwarded-For` (`TRUST_PROXY_HOPS`). */
	trustProxyHops: number;
	demoData: boolean;
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

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
	const port = env['PORT'] ?? '4321';
	const publicUrl = (env['PUBLIC_URL'] ?? env['SITE_URL'] ?? `http://localhost:${port}`).replace(
		/\/+$/,
		'',
	);
	const issuerUrl = env['OIDC_ISSUER_URL'];
	return {
		publicUrl,
		dataDir: env['DATA_DIR'] ?? projectPath('data'),
		databaseUrl: env['DATABASE_URL'] || undefined,
		redisUrl: env['REDIS_URL'] || undefined,
		trustProxy: env['TRUST_PROXY'] === 'true',
		trustProxyHops: proxyHops(env['TRUST_PROXY_HOPS']),
		demoData: !env['DATABASE_URL'] && env['DEMO_DATA'] !== 'off',
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

function proxyHops(value: string | undefined): number {
	if (value === undefined || value === '') return 1;
	const hops = Number(value);
	if (!Number.isInteger(hops) || hops < 1) {
		throw new Error(`TRUST_PROXY_HOPS must be a whole number of 1 or more, not "${value}"`);
	}
	return hops;
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
