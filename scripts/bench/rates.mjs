// Courier rates: `GET /api/items/{id}/shipping-rates` answered from the rate cache under 50
// connections (the bench server runs embedded, so courier delivery is simulated and the cache
// holds the built-in table's quote after the first call), and the item page's gzipped JavaScript
// for a signed-in receiver before and after choosing courier delivery, which loads the shipping
// form.
//
// BENCH_RATES_SECONDS (default 10) shortens a trial run.
import autocannon from 'autocannon';
import idAuth from '../../locales/id/auth.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idShipping from '../../locales/id/shipping.json' with { type: 'json' };
import { connections, requestHeaders, requestTimeoutMs } from './api-settings.mjs';
import { formatKb, formatMs, formatTable } from './format.mjs';
import { jsBudgetsKb } from './page-budgets.mjs';
import { launchBrowser, weighPage } from './page-weight.mjs';

export const name = 'rates';
export const description = `courier rates from the cache under ${connections} connections; the item page with the shipping form`;

const seconds = Number(process.env.BENCH_RATES_SECONDS ?? 10);
// A demo receiver (src/app/demo-data.ts: every demo account signs in with this password).
const receiver = { email: 'budi@demo.hibahin.id', password: 'hibahin-demo' };
// Pesanggrahan, in the embedded district list.
const destinationAreaId = '31.74.06';

/**
 * The value below which `share` of the sorted `values` fall (nearest rank).
 * @param {number[]} sorted
 * @param {number} share
 */
function percentile(sorted, share) {
	if (!sorted.length) return undefined;
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * Signs the demo receiver in through the built-in provider's form, in a browser context of its
 * own; returns the cookies for weighing pages and the receiver's id.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 */
async function signInReceiver(browser, baseUrl) {
	const context = await browser.newContext({ baseURL: baseUrl });
	try {
		const page = await context.newPage();
		await page.goto('/login');
		await page.waitForURL(/\/auth\/interaction\//);
		const form = page.getByRole('main').locator('form[method="post"]');
		await form.getByLabel(idAuth.form.email, { exact: true }).fill(receiver.email);
		await form.getByLabel(idAuth.form.password, { exact: true }).fill(receiver.password);
		await form.getByRole('button', { name: idAuth.form.signIn, exact: true }).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/auth/interaction'));
		const check = await page.request.get('/api/profile/check');
		const userId = (await check.json())?.data?.userId;
		if (!userId) throw new Error(`signing in ${receiver.email} failed (HTTP ${check.status()})`);
		return { storageState: await context.storageState(), userId };
	} finally {
		await context.close();
	}
}

/**
 * An available item someone else gives, so the receiver sees the pickup panel.
 * @param {string} baseUrl
 * @param {string} receiverId
 */
async function itemToShip(baseUrl, receiverId) {
	const response = await fetch(new URL('/api/items?limit=48', baseUrl));
	const items = (await response.json())?.data?.items ?? [];
	const item = items.find((entry) => entry.status === 'AVAILABLE' && entry.donorId !== receiverId);
	if (!item) throw new Error('the server lists no available item of another donor');
	return item.id;
}

/**
 * `connections` callers asking `url` for `seconds`, after one call that fills the cache.
 * @param {string} url
 */
async function load(url) {
	const first = await fetch(url, { headers: requestHeaders });
	if (!first.ok) throw new Error(`${url} answered HTTP ${first.status}: ${await first.text()}`);
	/** @type {number[]} */
	const latencies = [];
	let errors = 0;
	const instance = autocannon({
		url,
		connections,
		duration: seconds,
		timeout: requestTimeoutMs / 1_000,
		headers: requestHeaders,
	});
	instance.on('response', (_client, statusCode, _bytes, responseTime) => {
		if (statusCode === 200) latencies.push(responseTime);
		else errors++;
	});
	const result = await instance;
	const sorted = latencies.sort((a, b) => a - b);
	return {
		connections,
		seconds,
		answered: sorted.length,
		errors: errors + result.errors + result.timeouts,
		p50Ms: percentile(sorted, 0.5),
		p95Ms: percentile(sorted, 0.95),
		requestsPerSecond: Math.round(sorted.length / seconds),
	};
}

/** @param {{ baseUrl: string, log: (line?: string) => void }} context */
export async function run({ baseUrl, log }) {
	const browser = await launchBrowser();
	try {
		const { storageState, userId } = await signInReceiver(browser, baseUrl);
		const itemId = await itemToShip(baseUrl, userId);
		const ratesPath = `/api/items/${itemId}/shipping-rates?destination_area_id=${destinationAreaId}&quantity=1`;
		const rates = await load(new URL(ratesPath, baseUrl).href);
		// The item read, the same way and just after: what the server serves an item page's poll,
		// so a busy machine shows in both figures.
		const itemPath = `/api/items/${itemId}`;
		const item = await load(new URL(itemPath, baseUrl).href);
		log(
			formatTable(
				['Call', 'Conns', 'p50', 'p95', 'req/s', 'Errors'],
				[
					[ratesPath, rates],
					[itemPath, item],
				].map(([path, run]) => [
					`GET ${path}`,
					run.connections,
					formatMs(run.p50Ms, { tenths: true }),
					formatMs(run.p95Ms, { tenths: true }),
					run.requestsPerSecond,
					run.errors,
				]),
			),
		);

		const itemUrl = new URL(`/items/${itemId}`, baseUrl).href;
		const before = await weighPage(browser, itemUrl, { storageState });
		const after = await weighPage(browser, itemUrl, {
			storageState,
			afterLoad: async (page) => {
				await page.getByRole('radio', { name: idItemDetail.pickup.shippingTitle }).check();
				await page.getByRole('heading', { name: idShipping.title }).waitFor();
			},
		});
		const budget = jsBudgetsKb['item detail'];
		// Inline scripts count toward the budget, as `npm test` counts them.
		const budgetGzip = (/** @type {typeof before} */ measured) =>
			measured.jsGzip + measured.inline.js.gzip;
		log();
		log(
			formatTable(
				['Item page (signed in)', 'JS files', 'JS gzip', `Budget ${budget} KB`],
				[
					[
						'direct pickup',
						before.jsFiles,
						formatKb(budgetGzip(before)),
						budgetGzip(before) <= budget * 1024 ? 'within' : 'OVER',
					],
					[
						'courier form loaded',
						after.jsFiles,
						formatKb(budgetGzip(after)),
						budgetGzip(after) <= budget * 1024 ? 'within' : 'OVER',
					],
				],
			),
		);
		return {
			itemId,
			rates,
			item,
			itemPage: {
				withoutFormJsGzip: budgetGzip(before),
				withFormJsGzip: budgetGzip(after),
				formChunks: after.files
					.filter(
						(file) => file.kind === 'js' && !before.files.some((seen) => seen.url === file.url),
					)
					.map((file) => ({ url: new URL(file.url).pathname, gzip: file.gzip })),
			},
		};
	} finally {
		await browser.close();
	}
}

/** @param {Awaited<ReturnType<typeof run>>} results */
export function summarize(results) {
	return {
		columns: ['Rates p50', 'Rates p95', 'Rates req/s', 'JS + form'],
		rows: new Map([
			[
				`/items/${results.itemId}`,
				[
					formatMs(results.rates.p50Ms, { tenths: true }),
					formatMs(results.rates.p95Ms, { tenths: true }),
					results.rates.requestsPerSecond,
					formatKb(results.itemPage.withFormJsGzip),
				],
			],
		]),
	};
}
