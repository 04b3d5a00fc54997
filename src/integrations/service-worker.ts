import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { offlinePath, serviceWorkerPath } from '../features/web-app/web-app';
import { locales } from '../lib/i18n/locales';
import { builtFilesIn, offlineShellIn, precacheOf } from './precache';

const workerEntry = 'src/features/web-app/service-worker.ts';

/**
 * Writes the service worker (`/sw.js`) into the build's client folder once the build is done,
 * with the offline pages and what they load to precache and a version named by the build's files.
 */
export function serviceWorker(): AstroIntegration {
	let root: URL;
	let clientDir: string;
	return {
		name: 'hibahin:service-worker',
		hooks: {
			'astro:config:done': ({ config }) => {
				root = config.root;
				clientDir = fileURLToPath(config.build.client);
			},
			'astro:build:done': async () => {
				const offlinePages = locales.map(offlinePath);
				const { urls, version } = precacheOf(
					builtFilesIn(clientDir, offlinePages),
					offlineShellIn(clientDir, offlinePages),
				);
				await build({
					entryPoints: [fileURLToPath(new URL(workerEntry, root))],
					outfile: join(clientDir, serviceWorkerPath),
					bundle: true,
					platform: 'browser',
					format: 'iife',
					target: 'es2022',
					minify: true,
					tsconfig: fileURLToPath(new URL('tsconfig.json', root)),
					logLevel: 'warning',
					define: {
						__APP_VERSION__: JSON.stringify(version),
						__PRECACHE__: JSON.stringify(urls),
					},
				});
			},
		},
	};
}
