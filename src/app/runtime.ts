/**
 * What the Node server needs besides the Astro app: the shared context (database, migrations),
 * the API's handler and the built-in OpenID provider's handler. Bundled to
 * `dist/server/runtime.mjs`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import {
	mountedProviderHandler,
	providerMountPath,
	providerPath,
} from '~/server/auth/provider/provider';
import { sessionCookieName } from '~/server/auth/cookies';
import { builtOrigin, type ServerConfig, siteUrlWarning } from '~/server/config';
import type { ServerContext } from '~/server/context';
import { compressWholeJson } from '~/server/http/whole-json-compression';
export { compressWholePage, pageCompression } from '~/server/http/whole-json-compression';
import { prerenderedPagesOn } from '~/server/prerendered-pages';
import { staticFilesIn } from '~/server/static-files';
import { otherHostRedirect } from '~/server/site-origin';
import { serviceWorkerPath } from '~/features/web-app/web-app';
import { createApiApp } from './api';
import { getServerContext } from './context';
import { startMaintenance as startMaintenanceLoop } from './maintenance';
import { notificationChannels } from './notification-channels';
import { answerCachedPage, type CachedPageLookup, processPageCache } from './page-cache';

export { getServerContext, providerMountPath, siteUrlWarning };
export { listeningMessage } from './listening';
export { answerMetrics, timeRequest } from '~/server/metrics';
export { log, logRequest } from '~/server/log';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

let providerHandler: Promise<NodeHandler | null> | undefined;

/** The built-in provider's `(req, res)` handler, or `null` when an external issuer is used. */
export function builtInProviderHandler(): Promise<NodeHandler | null> {
	providerHandler ??= getServerContext().then(({ provider }) =>
		provider ? mountedProviderHandler(provider) : null,
	);
	return providerHandler;
}

/** Whether a request belongs to the built-in provider. */
export function isProviderRequest(url: string | undefined): boolean {
	return providerPath(url) !== null;
}

/**
 * Where a request that reached the site by a host it does not answer on goes (the same path on
 * the public origin), or `null`.
 */
export function otherHostRedirectOf(req: IncomingMessage, config: ServerConfig): string | null {
	const headers = new Headers();
	for (const name of ['x-forwarded-proto', 'x-forwarded-host']) {
		const value = req.headers[name];
		if (typeof value === 'string') headers.set(name, value);
	}
	const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
	// A missing or malformed Host header names no host of the site's ('.').
	const host = /^[\w.:[\]-]+$/.test(req.headers.host ?? '') ? req.headers.host : '.';
	const path = req.url?.startsWith('/') ? req.url : '/';
	const requested = `${protocol}://${host}${path}`;
	const url = new URL(URL.canParse(requested) ? requested : `${protocol}://.`);
	return otherHostRedirect(headers, url, config);
}

/**
 * The prerendered pages' handler: their links on the public origin, their footer in the current
 * year (see `prerenderedPagesOn`).
 */
export function prerenderedPagesHandler(clientDir: string, config: ServerConfig) {
	return prerenderedPagesOn(clientDir, builtOrigin, new URL(config.publicUrl).origin);
}

/**
 * Signed-out pages answered before Astro when their version's ETag matches or a rendering of it is
 * kept (`answerCachedPage`); else what the render should be given as its locals.
 */
export function cachedPagesHandler(context: ServerContext) {
	const deps = { db: context.db, cache: processPageCache, buildId: __BUILD_ID__ };
	const sessionCookie = sessionCookieName(context.config);
	return (req: IncomingMessage, res: ServerResponse): Promise<CachedPageLookup> =>
		answerCachedPage(deps, sessionCookie, req, res);
}

/**
 * The build's scripts, styles and images (see `staticFilesIn`); the service worker is asked
 * afresh every time, so a deploy reaches installed apps at once.
 */
export function staticFilesHandler(clientDir: string) {
	return staticFilesIn(clientDir, { uncached: [serviceWorkerPath] });
}

/** The maintenance loop of a server process, push and mail included; returns its stop. */
export function startMaintenance(context: Awaited<ReturnType<typeof getServerContext>>) {
	return startMaintenanceLoop(context, { channels: notificationChannels(context) });
}

let apiHandler: Promise<NodeHandler> | undefined;

/**
 * The API's `(req, res)` handler for the production server: `/api/*` straight to the Hono app,
 * without a pass through Astro's page pipeline (the Astro endpoint serves it under `astro dev`).
 */
export function apiRequestHandler(): Promise<NodeHandler> {
	apiHandler ??= getServerContext().then((server) => {
		const app = createApiApp(server);
		// The global `Request` and `Response` become @hono/node-server's lighter ones, which stand
		// in for the platform's (`instanceof` included) and build a web stream only when one is
		// read: an answer written whole skips the stream. Set before the first request, so Astro's
		// pages run on them too.
		const listener = getRequestListener(
			(request, { incoming }) =>
				app.fetch(request, { clientAddress: incoming.socket.remoteAddress }),
			{ overrideGlobalObjects: true },
		);
		return (req: IncomingMessage, res: ServerResponse) => {
			compressWholeJson(req, res);
			return listener(req, res);
		};
	});
	return apiHandler;
}
