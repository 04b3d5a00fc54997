/**
 * What the Node server needs besides the Astro app: the shared context (database, migrations),
 * the API's handler and the built-in OpenID provider's handler. Bundled to
 * `dist/server/runtime.mjs`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from './http/app';
import { compressWholeJson } from './http/whole-json-compression';
import { mountedProviderHandler, providerMountPath, providerPath } from './auth/provider/provider';
import { getServerContext } from './context';

export { getServerContext, providerMountPath };
export { startMaintenance } from './maintenance';

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
