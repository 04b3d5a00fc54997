// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, envField } from 'astro/config';
import { browserTranslator, islandChunks } from './src/integrations/browser-translator';
import { cspDigests } from './src/integrations/csp-digests';
import { serverRuntime } from './src/integrations/server-runtime';
import { serviceWorker } from './src/integrations/service-worker';

export default defineConfig({
	// Without it, prerendered pages are written for http://localhost:4321; either way the server
	// moves their links to PUBLIC_URL as it serves them (src/server/prerendered-pages.ts).
	...(process.env.SITE_URL ? { site: process.env.SITE_URL } : {}),
	output: 'server',
	// server/start.mjs is the server: it serves the build's files itself and calls Astro's handler
	// for the pages it renders, with what it has already read of the request (decision 031). Pages
	// render whole, not streamed: the server compresses each page whole anyway, and a page's bytes
	// go to the socket as they are instead of through web streams (decision 053).
	adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
	// Islands render to a string on the server: their HTML is read whole anyway, and React's stream
	// encodes every chunk to bytes that are decoded again (decision 052). No island suspends there:
	// the parts a page loads later are loaded on the server before it renders.
	integrations: [
		react({ experimentalDisableStreaming: true }),
		serverRuntime(),
		serviceWorker(),
		cspDigests(),
	],
	trailingSlash: 'ignore',
	// The site's address is read at run time (PUBLIC_URL), so src/middleware.ts checks the origin
	// of form posts; Astro's check knows only addresses fixed at build time (decision 016).
	// Content-Security-Policy on every page (decision 029): scripts only from the site and by the
	// hashes Astro computes; pages that embed a provider add its origins
	// (src/server/http/content-security.ts). Inline styles stay allowed: React islands and toasts
	// set them at run time, and a style cannot run code.
	security: {
		checkOrigin: false,
		csp: {
			algorithm: 'SHA-256',
			directives: [
				"default-src 'self'",
				"img-src 'self' data: blob: https:",
				"connect-src 'self'",
				"font-src 'self'",
				"object-src 'none'",
				"base-uri 'self'",
				// The service worker (/sw.js) and the web app manifests are the site's own.
				"worker-src 'self'",
				"manifest-src 'self'",
			],
			scriptDirective: { resources: ["'self'"] },
			styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
		},
	},
	i18n: {
		locales: ['id', 'en'],
		defaultLocale: 'id',
		routing: { prefixDefaultLocale: false },
	},
	env: {
		schema: {
			SITE_TITLE: envField.string({ context: 'server', access: 'public', default: 'Hibahin' }),
			SUPPORT_URL: envField.string({
				context: 'server',
				access: 'public',
				default: 'https://trakteer.id/hibahin',
			}),
		},
	},
	prefetch: false,
	devToolbar: { enabled: false },
	vite: {
		// Islands translate in the browser with a small translator instead of i18next (decision 044).
		plugins: [tailwindcss(), browserTranslator(), islandChunks()],
		// Signed-out pages' ETags name their build: a deploy's new scripts never meet an old 304.
		define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
		ssr: { noExternal: ['drizzle-orm'] },
	},
});
