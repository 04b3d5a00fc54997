/**
 * What the Node server needs besides the Astro app: the shared context (database, migrations)
 * and the built-in OpenID provider's handler. Bundled to `dist/server/runtime.mjs`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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
