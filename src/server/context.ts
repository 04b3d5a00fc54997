import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type Provider from 'oidc-provider';
import { createBearerVerifier } from './auth/bearer';
import { createBuiltInProvider, providerMountPath } from './auth/provider/provider';
import { createRelyingParty, type RelyingParty } from './auth/relying-party';
import { databaseSessionStore, redisSessionStore, type SessionStore } from './auth/sessions';
import { type ServerConfig, uploadsDir } from './config';
import { type Database, type DatabaseHandle, openConfiguredDatabase } from './db/client';
import { databaseRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit';
import type { DevMailbox } from './mail/dev-mailbox';
import { configuredMail, type Mailer } from './mail/mailer';
import { sharedSecret } from './secrets';
import { objectStorage } from './object-storage';
import { folderStorage, type Storage, useMediaBaseUrl } from './storage';
import { lazyVapidDetails, type VapidDetails } from './vapid';

/**
 * The core every request handler may use, built once per process from the configuration:
 * database, storage, sessions, rate limits, sign-in, mail. Features add their own adapters in
 * `src/app/context.ts`.
 */
export interface ServerContext {
	config: ServerConfig;
	database: DatabaseHandle;
	db: Database;
	storage: Storage;
	sessions: SessionStore;
	rateLimiter: RateLimiter;
	relyingParty: RelyingParty;
	verifyBearer: (
		token: string,
	) => Promise<{ issuer: string; subject: string; email: string | null } | null>;
	mailer: Mailer;
	/** Where mail goes when no SMTP server is configured: the log, and the development mailbox. */
	devMailbox: DevMailbox | null;
	/** The built-in OpenID provider, when no external one is configured. */
	provider: Provider | null;
	/** The shared Redis connection when `REDIS_URL` is set, for state every process must see. */
	redis: Redis | null;
	/** The keys that sign push messages, configured or generated and shared on first use. */
	vapidDetails: () => Promise<VapidDetails>;
	close(): Promise<void>;
}

/** Builds the core: opens and migrates the database, wires adapters by configuration. */
export async function createServerContext(
	config: ServerConfig,
	database: DatabaseHandle = openConfiguredDatabase(),
): Promise<ServerContext> {
	await database.migrate();
	const { db } = database;
	useMediaBaseUrl(config.mediaBaseUrl);
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
		// Behind a proxy (an https public address), its own provider is called on its own address.
		...(config.oidc.kind === 'built-in' && config.publicUrl.startsWith('https://')
			? { selfOrigin: config.selfOrigin }
			: {}),
		audience: config.oidc.kind === 'external' ? config.oidc.audience : undefined,
		logoutRedirectParam: oidc.logoutRedirectParam,
		transactionKey,
	});
	const rateLimiter = redis ? redisRateLimiter(redis) : databaseRateLimiter(db);
	const mail = configuredMail(config);
	if (mail.devMailbox && provider && config.publicUrl.startsWith('https://')) {
		console.warn('No SMTP_URL: password reset links are only written to this log.');
	}

	return {
		config,
		database,
		db,
		storage: config.objectStorage
			? objectStorage(config.objectStorage)
			: folderStorage(uploadsDir(config)),
		sessions: redis ? redisSessionStore(redis, db) : databaseSessionStore(db),
		rateLimiter,
		relyingParty,
		verifyBearer: createBearerVerifier({
			audience: oidc.audience,
			issuerMetadata: async () => (await relyingParty.discover()).serverMetadata(),
		}),
		...mail,
		provider,
		redis,
		vapidDetails: lazyVapidDetails(db, config.push),
		async close() {
			redis?.disconnect();
			await database.close();
		},
	};
}
