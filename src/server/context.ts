import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type Provider from 'oidc-provider';
import { createBiteshipAreaDirectory } from '~/features/areas/areas.biteship';
import { type AreaDirectory, createEmbeddedAreaDirectory } from '~/features/areas/areas.server';
import {
	configuredHumanVerifier,
	type HumanVerifier,
} from '~/features/verification/verification.server';
import { createBearerVerifier } from './auth/bearer';
import { createBuiltInProvider, providerMountPath } from './auth/provider/provider';
import { createRelyingParty, type RelyingParty } from './auth/relying-party';
import { databaseSessionStore, redisSessionStore, type SessionStore } from './auth/sessions';
import { type ServerConfig, readServerConfig, uploadsDir } from './config';
import { type Database, type DatabaseHandle, openConfiguredDatabase } from './db/client';
import { databaseRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit';
import { loadDemoData } from './demo-data';
import type { DevMailbox } from './mail/dev-mailbox';
import { configuredMail, type Mailer } from './mail/mailer';
import { sharedSecret } from './secrets';
import { folderStorage, type Storage } from './storage';

/** Everything a request handler needs, built once per process from the configuration. */
export interface ServerContext {
	config: ServerConfig;
	database: DatabaseHandle;
	db: Database;
	storage: Storage;
	areas: AreaDirectory;
	sessions: SessionStore;
	rateLimiter: RateLimiter;
	relyingParty: RelyingParty;
	verifyBearer: (
		token: string,
	) => Promise<{ issuer: string; subject: string; email: string | null } | null>;
	humanVerifier: HumanVerifier;
	mailer: Mailer;
	/** Where mail goes when no SMTP server is configured: the log, and the development mailbox. */
	devMailbox: DevMailbox | null;
	/** The built-in OpenID provider, when no external one is configured. */
	provider: Provider | null;
	close(): Promise<void>;
}

/** Builds the context: opens and migrates the database, wires adapters by configuration. */
export async function createServerContext(
	config: ServerConfig,
	database: DatabaseHandle = openConfiguredDatabase(),
): Promise<ServerContext> {
	await database.migrate();
	const { db } = database;
	const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false }) : null;
	const transactionKey = Buffer.from(
		await sharedSecret(db, 'sign-in-transaction-key', () => randomBytes(32).toString('base64url')),
		'base64url',
	);

	let provider: Provider | null = null;
	let oidc: {
		issuerUrl: string;
		clientId: string;
		clientSecret: string;
		audience: string;
		logoutRedirectParam: string;
	};
	if (config.oidc.kind === 'built-in') {
		const clientSecret = await sharedSecret(db, 'oidc-client-secret', () =>
			randomBytes(32).toString('base64url'),
		);
		provider = await createBuiltInProvider({
			db,
			publicUrl: config.publicUrl,
			origins: config.origins,
			client: { id: config.oidc.clientId, secret: clientSecret },
			audience: config.oidc.audience,
			...(config.trustProxy ? { proxyHops: config.trustProxyHops } : {}),
		});
		oidc = {
			issuerUrl: `${config.publicUrl}${providerMountPath}`,
			clientId: config.oidc.clientId,
			clientSecret,
			audience: config.oidc.audience,
			logoutRedirectParam: 'post_logout_redirect_uri',
		};
	} else {
		oidc = { ...config.oidc, audience: config.oidc.audience ?? config.oidc.clientId };
	}

	const relyingParty = createRelyingParty({
		issuerUrl: oidc.issuerUrl,
		clientId: oidc.clientId,
		clientSecret: oidc.clientSecret,
		providerOnSite: config.oidc.kind === 'built-in',
		audience: config.oidc.kind === 'external' ? config.oidc.audience : undefined,
		logoutRedirectParam: oidc.logoutRedirectParam,
		transactionKey,
	});
	const biteshipKey = process.env['BITESHIP_API_KEY'];
	const rateLimiter = redis ? redisRateLimiter(redis) : databaseRateLimiter(db);
	const mail = configuredMail(config);
	if (mail.devMailbox && provider && config.publicUrl.startsWith('https://')) {
		console.warn('No SMTP_URL: password reset links are only written to this log.');
	}

	return {
		config,
		database,
		db,
		storage: folderStorage(uploadsDir(config)),
		areas: biteshipKey
			? createBiteshipAreaDirectory({ apiKey: biteshipKey })
			: createEmbeddedAreaDirectory(),
		sessions: redis ? redisSessionStore(redis) : databaseSessionStore(db),
		rateLimiter,
		relyingParty,
		verifyBearer: createBearerVerifier({
			audience: oidc.audience,
			issuerMetadata: async () => (await relyingParty.discover()).serverMetadata(),
		}),
		humanVerifier: await configuredHumanVerifier({
			db,
			rateLimiter,
			publicUrl: config.publicUrl,
			turnstileSiteKey: process.env['TURNSTILE_SITE_KEY'],
			turnstileSecretKey: process.env['TURNSTILE_SECRET_KEY'],
		}),
		...mail,
		provider,
		async close() {
			redis?.disconnect();
			await database.close();
		},
	};
}

const contextKey = Symbol.for('hibahin.serverContext');
type GlobalWithContext = typeof globalThis & { [contextKey]?: Promise<ServerContext> };

/**
 * The process-wide context. Kept on `globalThis` so the site's bundle and the server runtime
 * bundle share one database connection (two PGlite instances on one folder would corrupt it).
 */
export function getServerContext(): Promise<ServerContext> {
	const global = globalThis as GlobalWithContext;
	global[contextKey] ??= createServerContext(readServerConfig())
		.then(async (server) => {
			if (server.config.demoData) await loadDemoData(server);
			return server;
		})
		.catch((error: unknown) => {
			delete global[contextKey];
			throw error;
		});
	return global[contextKey];
}
