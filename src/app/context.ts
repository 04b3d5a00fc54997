import { createBiteshipAreaDirectory } from '~/features/areas/areas.biteship.server';
import { type AreaDirectory, createEmbeddedAreaDirectory } from '~/features/areas/areas.server';
import { randomBytes } from 'node:crypto';
import {
	createMidtransPayments,
	createSimulatedPayments,
} from '~/features/shipping/midtrans.server';
import type { OrderContext } from '~/features/shipping/order-rules.server';
import { cachedRateSource } from '~/features/shipping/rate-cache.server';
import { createBiteshipRateSource } from '~/features/shipping/rates.biteship.server';
import { courierMode, type Shipping } from '~/features/shipping/rates.server';
import { createSimulatedRateSource } from '~/features/shipping/rates.simulated.server';
import {
	createBiteshipShipments,
	createSimulatedShipments,
} from '~/features/shipping/shipments.server';
import {
	configuredHumanVerifier,
	type HumanVerifier,
} from '~/features/verification/verification.server';
import { readServerConfig, type ServerConfig } from '~/server/config';
import { createServerContext, type ServerContext } from '~/server/context';
import { type DatabaseHandle, openConfiguredDatabase } from '~/server/db/client';
import { sharedSecret } from '~/server/secrets';
import { loadDemoData } from './demo-data';

/** The core with the features' adapters: what the pages and the API are given. */
export interface AppContext extends ServerContext {
	areas: AreaDirectory;
	humanVerifier: HumanVerifier;
	shipping: Shipping;
	payments: OrderContext['payments'];
	shipments: OrderContext['shipments'];
}

/** How long each step of a simulated parcel's journey takes, by default. */
const simulatedCourierStepSeconds = 60;

/**
 * Payment and shipment providers by mode: Midtrans and Biteship when live; otherwise the built-in
 * payment page, whose reports are signed with a key of this site, and the simulated courier.
 */
async function configuredOrderProviders(
	server: ServerContext,
	mode: Shipping['mode'],
): Promise<Pick<OrderContext, 'payments' | 'shipments'>> {
	const keys = server.config.courier;
	if (mode === 'live' && keys.midtransServerKey && keys.midtransClientKey && keys.biteshipApiKey) {
		return {
			payments: createMidtransPayments({
				serverKey: keys.midtransServerKey,
				clientKey: keys.midtransClientKey,
				environment: keys.midtransEnv,
			}),
			shipments: createBiteshipShipments({ apiKey: keys.biteshipApiKey }),
		};
	}
	const signingKey = await sharedSecret(server.db, 'simulated-payment-key', () =>
		randomBytes(32).toString('base64url'),
	);
	const step = Number(process.env['SIMULATED_COURIER_STEP_SECONDS'] ?? simulatedCourierStepSeconds);
	const stepMs = (Number.isFinite(step) && step > 0 ? step : simulatedCourierStepSeconds) * 1000;
	return {
		payments: createSimulatedPayments(signingKey),
		shipments: createSimulatedShipments(stepMs),
	};
}

/** Courier delivery by mode: Biteship's rates when live, the built-in table when simulated. */
function configuredShipping(server: ServerContext, areas: AreaDirectory): Shipping {
	const mode = courierMode(server.config);
	const apiKey = server.config.courier.biteshipApiKey;
	const source =
		mode === 'live' && apiKey
			? createBiteshipRateSource({ apiKey })
			: mode === 'simulated'
				? createSimulatedRateSource(areas)
				: null;
	return { mode, rates: source && cachedRateSource(source, { redis: server.redis }) };
}

/** Builds the core, then the features' adapters, each chosen by configuration. */
export async function createAppContext(
	config: ServerConfig,
	database: DatabaseHandle = openConfiguredDatabase(),
): Promise<AppContext> {
	const server = await createServerContext(config, database);
	const biteshipKey = server.config.courier.biteshipApiKey;
	const areas = biteshipKey
		? createBiteshipAreaDirectory({ apiKey: biteshipKey })
		: createEmbeddedAreaDirectory();
	const shipping = configuredShipping(server, areas);
	return {
		...server,
		areas,
		shipping,
		...(await configuredOrderProviders(server, shipping.mode)),
		humanVerifier: await configuredHumanVerifier({
			db: server.db,
			rateLimiter: server.rateLimiter,
			publicUrl: config.publicUrl,
			turnstileSiteKey: process.env['TURNSTILE_SITE_KEY'],
			turnstileSecretKey: process.env['TURNSTILE_SECRET_KEY'],
		}),
	};
}

const contextKey = Symbol.for('hibahin.serverContext');
type GlobalWithContext = typeof globalThis & { [contextKey]?: Promise<AppContext> };

/**
 * The process-wide context. Kept on `globalThis` so the site's bundle and the server runtime
 * bundle share one database connection (two PGlite instances on one folder would corrupt it).
 */
export function getServerContext(): Promise<AppContext> {
	const global = globalThis as GlobalWithContext;
	global[contextKey] ??= createAppContext(readServerConfig())
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
