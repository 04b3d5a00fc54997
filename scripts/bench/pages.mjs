// Page weight: the JavaScript and CSS each page makes a phone download, as raw bytes and as the
// gzip transfer size, measured in a real browser so islands and lazily imported chunks count too.
import { gzipSync } from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from '../browser.mjs';
import { formatKb, formatTable } from './format.mjs';

export const name = 'pages';
export const description = 'JS and CSS weight per page (raw and gzip -9), mobile viewport';

/** The pages measured when `--pages` is not given: every route in both languages, and a 404. */
export const defaultPages = [
	'/',
	'/en',
	'/privacy-policy',
	'/en/privacy-policy',
	'/terms',
	'/en/terms',
	'/support-us',
	'/en/support-us',
	'/halaman-yang-tidak-ada',
];

/** Gzip JavaScript budget per page, in KB, above which a page is flagged. */
export const defaultJsBudgetKb = 60;

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
function kindOf(response) {
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
 * Loads one page and returns every JS and CSS file it fetched with raw and gzip sizes.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 */
async function measurePage(context, url) {
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
		const kind = kindOf(response);
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

/**
 * Measures every page and prints a weight table, a per-file breakdown, and the pages over the JS
 * budget. Being over budget is reported, never thrown: this is a benchmark, not a test.
 * @param {{ baseUrl: string, pages: string[], options: { jsBudgetKb?: number },
 *   log: (line?: string) => void }} context
 */
export async function run({ baseUrl, pages, options, log }) {
	const budgetKb = options.jsBudgetKb ?? defaultJsBudgetKb;
	const executablePath = findChromium();
	if (!executablePath) throw new Error('no Chromium found (see scripts/ensure-browser.mjs)');
	const browser = await chromium.launch({ executablePath, args: chromiumArgs });
	const results = [];
	/** @type {Array<{ page: string, error: string }>} */
	const failed = [];
	try {
		for (const pagePath of pages) {
			// A fresh context per page, so nothing is served from the previous page's cache.
			const context = await browser.newContext({ ...device });
			const started = Date.now();
			try {
				const measured = await measurePage(context, new URL(pagePath, baseUrl).href);
				const sums = totals(measured.files);
				const overBudget = sums.jsGzip > budgetKb * 1024;
				results.push({ page: pagePath, ...measured, ...sums, overBudget });
				log(
					`  ${pagePath}: ${measured.files.length} files, JS ${formatKb(sums.jsGzip)} gzip` +
						` (${((Date.now() - started) / 1000).toFixed(1)} s)` +
						(overBudget ? '  !! OVER BUDGET' : ''),
				);
			} catch (error) {
				// One page that does not load must not cost the figures of the others.
				const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
				failed.push({ page: pagePath, error: message });
				log(`  ${pagePath}: failed: ${message}`);
			} finally {
				await context.close();
			}
		}
	} finally {
		await browser.close();
	}

	log();
	log(
		formatTable(
			['Page', 'Status', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'Files', 'Budget'],
			results.map((result) => [
				result.page,
				result.status,
				formatKb(result.jsRaw),
				formatKb(result.jsGzip),
				formatKb(result.cssRaw),
				formatKb(result.cssGzip),
				`${result.jsFiles + result.cssFiles} (${result.jsFiles} js, ${result.cssFiles} css)`,
				result.overBudget ? '!! OVER' : 'ok',
			]),
		),
	);

	const inlineRows = results.filter((result) => result.inline.js.count || result.inline.css.count);
	if (inlineRows.length) {
		log();
		log('Inline in the HTML (not counted above):');
		log(
			formatTable(
				['Page', 'JS blocks', 'JS gzip', 'CSS blocks', 'CSS gzip'],
				inlineRows.map(({ page, inline }) => [
					page,
					inline.js.count,
					formatKb(inline.js.gzip),
					inline.css.count,
					formatKb(inline.css.gzip),
				]),
			),
		);
	}

	// Which files make up the totals, so a heavy page can be traced to its chunk.
	const byUrl = new Map();
	for (const result of results) {
		for (const file of result.files) {
			const entry = byUrl.get(file.url) ?? { ...file, pages: 0 };
			entry.pages++;
			byUrl.set(file.url, entry);
		}
	}
	log();
	log(
		formatTable(
			['File', 'Type', 'Status', 'Raw', 'Gzip', 'Pages'],
			[...byUrl.values()]
				.sort((a, b) => b.gzip - a.gzip)
				.map((file) => [
					new URL(file.url).pathname,
					file.kind,
					file.status,
					formatKb(file.raw),
					formatKb(file.gzip),
					`${file.pages}/${results.length}`,
				]),
		),
	);

	const over = results.filter((result) => result.overBudget);
	log();
	for (const { page, error } of failed) log(`!! FAILED: ${page}: ${error}`);
	log(
		over.length
			? over
					.map(
						(result) =>
							`!! OVER BUDGET: ${result.page} loads ${formatKb(result.jsGzip)} of gzip JS ` +
							`(budget ${budgetKb} KB)`,
					)
					.join('\n')
			: `All pages are within the ${budgetKb} KB gzip JS budget.`,
	);
	return { budgetKb, pages: results, failed };
}

/**
 * The columns this module adds to the final summary table, one row per page.
 * @param {{ pages: Array<{ page: string, jsGzip: number, cssGzip: number, jsFiles: number,
 *   cssFiles: number, overBudget: boolean }>, failed: Array<{ page: string }> }} results
 */
export function summarize(results) {
	return {
		columns: ['JS gzip', 'CSS gzip', 'Files'],
		rows: new Map([
			...results.pages.map((result) => [
				result.page,
				[
					`${formatKb(result.jsGzip)}${result.overBudget ? ' !!' : ''}`,
					formatKb(result.cssGzip),
					result.jsFiles + result.cssFiles,
				],
			]),
			...results.failed.map(({ page }) => [page, ['err', 'err', 'err']]),
		]),
	};
}
