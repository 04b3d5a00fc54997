import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

const runtimeEntry = 'src/app/runtime.ts';

/**
 * Serves the built-in OpenID provider under `astro dev`, and bundles the server runtime
 * (context and provider) next to the built site for `server/start.mjs`.
 */
export function serverRuntime(): AstroIntegration {
	let root: URL;
	let site: string | undefined;
	let buildId: string | undefined;
	return {
		name: 'hibahin:server-runtime',
		hooks: {
			'astro:config:done': ({ config }) => {
				root = config.root;
				site = config.site;
				buildId = config.vite.define?.['__BUILD_ID__'];
			},
			'astro:server:setup': ({ server }) => {
				server.middlewares.use(async (req, res, next) => {
					if (!req.url?.startsWith('/oidc') && !req.url?.includes('/finish')) return next();
					const runtime = (await server.ssrLoadModule(
						`/${runtimeEntry}`,
					)) as typeof import('../app/runtime');
					if (!runtime.isProviderRequest(req.url)) return next();
					const handler = await runtime.builtInProviderHandler();
					if (!handler) return next();
					return handler(req, res);
				});
			},
			'astro:build:done': async () => {
				await build({
					entryPoints: [fileURLToPath(new URL(runtimeEntry, root))],
					outfile: fileURLToPath(new URL('dist/server/runtime.mjs', root)),
					bundle: true,
					platform: 'node',
					format: 'esm',
					target: 'node24',
					packages: 'external',
					tsconfig: fileURLToPath(new URL('tsconfig.json', root)),
					logLevel: 'warning',
					// As in the site's bundle: the SITE_URL of the build, if any, and the build's id.
					define: {
						'import.meta.env.SITE': site ? JSON.stringify(site) : 'undefined',
						...(buildId && { __BUILD_ID__: buildId }),
					},
				});
			},
		},
	};
}
