// Production server: the built site, the API at /api, the built-in OpenID provider at /oidc,
// compression and security headers, on one port.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import compression from 'compression';
import { answerBackupRequest } from './backup.mjs';
import { drainOnSignals } from './shutdown.mjs';

// The build and its packages use what Node 24 brings (zstd among them); an older Node fails on
// import with a message about a missing export. Say which Node to use instead.
const [nodeMajor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 24) {
	console.error(
		[
			`Hibahin needs Node 24 or newer; this is Node ${process.versions.node} (${process.execPath}).`,
			'`npm start` runs the Node 24 that `npm install` put in node_modules; or run',
			'`npx node server/start.mjs`, or install Node 24 (https://nodejs.org).',
		].join('\n'),
	);
	process.exit(1);
}

// The built site is production's whatever the shell says: React, loaded from node_modules by the
// bundles below, otherwise renders with its development build, checking every element and
// several times slower. An explicit NODE_ENV is kept.
process.env.NODE_ENV ||= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const runtime = await import('../dist/server/runtime.mjs');
const { handler: site } = await import('../dist/server/entry.mjs');

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
// The built-in sign-in provider's answers stream through it, at the settings of the pages
// compressed whole (decision 043): its brotli and gzip at their defaults cost twice the CPU for a
// few percent.
const compress = compression({
	level: runtime.pageCompression.gzipLevel,
	brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: runtime.pageCompression.brotliQuality } },
});

const securityHeaders = {
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	'X-Frame-Options': 'DENY',
	'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
	'Cross-Origin-Opener-Policy': 'same-origin',
	// Server-rendered pages replace it with their full policy (Astro's, with script hashes);
	// prerendered pages add theirs in a <meta>, where framing cannot be forbidden.
	'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
};

// Migrations and the provider are ready before the first request is accepted.
const context = await runtime.getServerContext().catch((error) => {
	if (error?.code !== 'DATA_DIR_IN_USE') throw error;
	console.error(error.message);
	process.exit(1);
});
const provider = await runtime.builtInProviderHandler();
const api = await runtime.apiRequestHandler();
const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
const prerenderedPages = runtime.prerenderedPagesHandler(clientDir, context.config);
const staticFiles = runtime.staticFilesHandler(clientDir);
const cachedPages = runtime.cachedPagesHandler(context);
const stopMaintenance = runtime.startMaintenance(context);
// Browsers that once reached the site over https keep to it for a year.
if (context.config.publicUrl.startsWith('https://')) {
	securityHeaders['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
}
// `npm run admin -- backup` asks the running embedded site for a consistent backup.
const { dump } = context.database;
if (dump) {
	process.on('SIGUSR2', () => void answerBackupRequest({ dump, dataDir: context.config.dataDir }));
}
const siteUrlWarning = runtime.siteUrlWarning();
if (siteUrlWarning) console.warn(siteUrlWarning);

/** Health checks come by whatever address the platform uses, and are answered there. */
const isHealthCheck = (url = '') => /^\/(?:healthz|readyz)(?:[/?]|$)/.test(url);

const server = http.createServer((req, res) => {
	for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
	runtime.logRequest(req, res);
	runtime.timeRequest(req, res);
	if (/^\/metrics(?:\?|$)/.test(req.url ?? '')) {
		return runtime.answerMetrics(req, res, process.env.METRICS_TOKEN || undefined);
	}
	if (shutdown.isDraining() && /^\/readyz(?:[/?]|$)/.test(req.url ?? '')) {
		return res
			.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
			.end(JSON.stringify({ status: 'stopping' }));
	}
	// The API compresses its own answers, whole (src/server/http/whole-json-compression.ts).
	if (req.url?.startsWith('/api/')) return api(req, res);
	if (provider && runtime.isProviderRequest(req.url)) {
		return compress(req, res, () => provider(req, res));
	}
	// A sign-in's cookie and callback belong to one host: pages on others move to the public one.
	const elsewhere = isHealthCheck(req.url)
		? null
		: runtime.otherHostRedirectOf(req, context.config);
	if (elsewhere) return res.writeHead(307, { Location: elsewhere }).end();
	if (!decodes(req.url)) return res.writeHead(400).end('Bad request.');
	void answerPage(req, res);
});

// An idle keep-alive connection is closed by the client or the proxy in front, never under
// them: with Node's 5 s, a request sent on a connection just as the server dropped it failed
// with a reset. Longer than nginx's and cloud load balancers' 60 s upstream idle timeout; a
// shutdown still closes idle connections at once.
server.keepAliveTimeout = 65_000;

/** Whether a request's target is well-formed percent-encoding: one that is not names no page. */
function decodes(url = '/') {
	try {
		decodeURI(url);
		return true;
	} catch {
		return false;
	}
}

/**
 * Prerendered pages, the build's files and signed-out pages kept in the page cache go out as
 * kept, compressed once per encoding (decision 031); the rest are rendered by Astro and
 * compressed whole.
 */
async function answerPage(req, res) {
	if (prerenderedPages(req, res) || staticFiles(req, res)) return;
	const lookup = await cachedPages(req, res).catch((error) => {
		// The render reads the version again and fails with its own error page if it must.
		runtime.log.error({ err: error }, 'page cache: reading the page version failed');
		return { answered: false };
	});
	if (lookup.answered) return;
	// Every page is written whole and compressed so; a signed-out page of a known version is
	// rendered to be kept.
	runtime.compressWholePage(req, res);
	return lookup.pageVersion
		? site(req, res, undefined, { pageVersion: lookup.pageVersion })
		: site(req, res);
}

const shutdown = drainOnSignals(server, {
	delayMs: Number(process.env.SHUTDOWN_DELAY_MS ?? 0),
	timeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000),
	async close() {
		await stopMaintenance();
		await context.close();
	},
});

server.listen(port, host, () => {
	console.log(runtime.listeningMessage(context.config, host, port));
});
