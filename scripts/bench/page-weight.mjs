// Weighs one page: every JavaScript and CSS file it makes a phone download, as raw bytes and as
// the gzip transfer size, measured in a real browser so islands and lazily imported chunks count
// too.
import { gzipSync } from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from '../browser.mjs';

// A mid-range phone, like the device Lighthouse's mobile preset emulates.
const device = devices['Pixel 7'];
// How long the network must stay silent before a page counts as settled; matches Playwright's
// own networkidle rule, re-applied after scrolling because that state only fires once.
const quietMs = 500;
const settleTimeoutMs = 15_000;

/**
 * Tells whether a response is JavaScript or CSS, by the resource type Chromium gave the request
 * and, for preloads and fetches that have no such type, by its content-type.
 * @param {import('@playwright/test').Response} response
 * @returns {'js' | 'css' | undefined}
 */
function fileKindOf(response) {
	const type = response.request().resourceType();
	if (type === 'script') return 'js';
	if (type === 'stylesheet') return 'css';
	const contentType = response.headers()['content-type'] ?? '';
	if (/javascript|ecmascript/i.test(contentType)) return 'js';
	if (/text\/css/i.test(contentType)) return 'css';
	return undefined;
}

/**
 * Resolves once no request has been in flight for `quietMs`, or after `timeoutMs` at the latest.
 * @param {{ inflight: number, lastActivity: number }} network
 * @returns {Promise<void>}
 */
async function networkQuiet(network, timeoutMs = settleTimeoutMs) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (network.inflight === 0 && Date.now() - network.lastActivity >= quietMs) return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/**
 * Loads one page and returns every JS and CSS file it fetched with raw and gzip sizes, including
 * what `afterLoad` (a click that opens a lazily loaded part, say) makes it fetch.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 * @param {((page: import('@playwright/test').Page) => Promise<void>) | undefined} afterLoad
 */
async function measurePage(context, url, afterLoad) {
	const page = await context.newPage();
	const network = { inflight: 0, lastActivity: Date.now() };
	/** @type {Map<string, Promise<object>>} */
	const files = new Map();
	page.on('request', () => {
		network.inflight++;
		network.lastActivity = Date.now();
	});
	const settled = () => {
		network.inflight = Math.max(0, network.inflight - 1);
		network.lastActivity = Date.now();
	};
	page.on('requestfinished', settled);
	page.on('requestfailed', settled);
	page.on('response', (response) => {
		const kind = fileKindOf(response);
		if (!kind || files.has(response.url())) return;
		// Bodies are read right away: Chromium may drop them once the page moves on.
		files.set(response.url(), readFile(response, kind));
	});

	try {
		const document = await page.goto(url, { waitUntil: 'networkidle' });
		// Islands hydrated with client:visible or client:idle only load their chunks once seen,
		// so the whole page is scrolled through before counting.
		await page.evaluate(async () => {
			for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
				window.scrollTo(0, y);
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		});
		await networkQuiet(network);
		if (afterLoad) {
			await afterLoad(page);
			await networkQuiet(network);
		}
		const inline = await page.evaluate(() => ({
			js: [...document.querySelectorAll('script:not([src])')]
				.filter((script) => !/json/i.test(script.getAttribute('type') ?? ''))
				.map((script) => script.textContent ?? ''),
			css: [...document.querySelectorAll('style')].map((style) => style.textContent ?? ''),
		}));
		const loaded = await Promise.all(files.values());
		return { status: document?.status(), files: loaded, inline: measureInline(inline) };
	} finally {
		await page.close();
	}
}

/**
 * Reads a response's decoded body (falling back to a fresh fetch when the browser no longer has
 * it) and measures it.
 * @param {import('@playwright/test').Response} response
 * @param {'js' | 'css'} kind
 */
async function readFile(response, kind) {
	const url = response.url();
	let body;
	try {
		body = await response.body();
	} catch {
		body = Buffer.from(await (await fetch(url)).arrayBuffer());
	}
	const sizes = await response
		.request()
		.sizes()
		.catch(() => undefined);
	return {
		url,
		kind,
		status: response.status(),
		raw: body.length,
		gzip: gzipSync(body, { level: 9 }).length,
		// What this server really sent (its own compression settings), for comparison only.
		transferred: sizes?.responseBodySize,
	};
}

/**
 * Sizes the scripts and styles written into the HTML itself, which are no separate response but
 * still cost bytes; reported apart so file counts stay honest.
 * @param {{ js: string[], css: string[] }} inline
 */
function measureInline(inline) {
	const size = (texts) => {
		const buffer = Buffer.from(texts.join('\n'));
		return {
			count: texts.length,
			raw: buffer.length,
			gzip: texts.length ? gzipSync(buffer, { level: 9 }).length : 0,
		};
	};
	return { js: size(inline.js), css: size(inline.css) };
}

/** @param {Array<{ kind: string, raw: number, gzip: number }>} files */
function totals(files) {
	const sum = (kind, key) =>
		files.filter((file) => file.kind === kind).reduce((total, file) => total + file[key], 0);
	return {
		jsRaw: sum('js', 'raw'),
		jsGzip: sum('js', 'gzip'),
		cssRaw: sum('css', 'raw'),
		cssGzip: sum('css', 'gzip'),
		jsFiles: files.filter((file) => file.kind === 'js').length,
		cssFiles: files.filter((file) => file.kind === 'css').length,
	};
}

/** A headless Chromium for `weighPage`; close it when done. */
export async function launchBrowser() {
	const executablePath = findChromium();
	if (!executablePath) throw new Error('no Chromium found (see scripts/ensure-browser.mjs)');
	return chromium.launch({ executablePath, args: chromiumArgs });
}

/**
 * Loads a page in a fresh context, so nothing is served from the previous page's cache, and
 * returns its files with their sizes and the totals per type. `storageState` signs the visitor
 * in; `afterLoad` runs once the page has settled, and what it loads counts too.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ storageState?: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>,
 *   afterLoad?: (page: import('@playwright/test').Page) => Promise<void> }} [options]
 */
export async function weighPage(browser, url, { storageState, afterLoad } = {}) {
	const context = await browser.newContext({
		...device,
		...(storageState ? { storageState } : {}),
	});
	try {
		const measured = await measurePage(context, url, afterLoad);
		return { ...measured, ...totals(measured.files) };
	} finally {
		await context.close();
	}
}
