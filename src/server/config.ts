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
	demoData: boolean;
	/** `SMTP_URL` and `MAIL_FROM`; without an SMTP server, mail goes to the log (embedded mode). */
	mail: { smtpUrl: string | undefined; from: string | undefined };
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
		demoData: !env['DATABASE_URL'] && env['DEMO_DATA'] !== 'off',
		mail: { smtpUrl: env['SMTP_URL'] || undefined, from: env['MAIL_FROM'] || undefined },
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

function required(env: NodeJS.ProcessEnv, name: string): string {
	const value = env[name];
	if (!value) throw new Error(`${name} must be set when OIDC_ISSUER_URL is set`);
	return value;
}

/** Where uploaded photos live in embedded mode. */
export function uploadsDir(config: ServerConfig): string {
	return join(config.dataDir, 'uploads');
}
