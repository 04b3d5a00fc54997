// `--against <ref>`: Lighthouse's mobile figures of this checkout's build beside another
// version's, built and served on the same machine, the runs alternating between the two so both
// meet the same load. Lighthouse's simulated throttling scales the CPU time it observes, so only
// figures taken side by side compare.
import { formatKb, formatMs, formatTable } from './format.mjs';
import { auditPage } from './lighthouse.mjs';
import { buildOtherVersion } from './other-build.mjs';
import { resolvePages } from './page-budgets.mjs';
import { launchBrowser, weighPage } from './page-weight.mjs';
import { pickPort, startServer } from './server.mjs';

export const name = 'lighthouse';
export const description =
	'Lighthouse mobile figures of this build beside another version, runs alternating';

/**
 * The middle value (the mean of the two middle ones for an even count).
 * @param {Array<number | null | undefined>} values
 * @returns {number | undefined}
 */
export function median(values) {
	const sorted = values
		.filter((value) => typeof value === 'number' && !Number.isNaN(value))
		.sort((a, b) => a - b);
	if (!sorted.length) return undefined;
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The gzip JavaScript each page makes a phone download, files and inline scripts, in a browser.
 * @param {string[]} urls
 * @returns {Promise<Array<number | undefined>>}
 */
async function weighPages(urls) {
	const browser = await launchBrowser();
	try {
		const weights = [];
		for (const url of urls) {
			const measured = await weighPage(browser, url).catch(() => undefined);
			weights.push(measured && measured.jsGzip + measured.inline.js.gzip);
		}
		return weights;
	} finally {
		await browser.close();
	}
}

/**
 * One Lighthouse run's figures, or its error.
 * @param {string} url
 */
async function auditOnce(url) {
	try {
		const lhr = await auditPage(url);
		return {
			perf:
				typeof lhr.categories.performance?.score === 'number'
					? Math.round(lhr.categories.performance.score * 100)
					: undefined,
			tbtMs: lhr.audits['total-blocking-time']?.numericValue,
			lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
			benchmarkIndex: lhr.environment?.benchmarkIndex,
			error: lhr.runtimeError?.message,
		};
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) };
	}
}

/** @param {number | undefined} value */
const score = (value) => (value === undefined ? '–' : String(Math.round(value)));

/**
 * `old → new` for a pair of figures.
 * @param {(value: number | undefined) => string} format
 * @param {number | undefined} before
 * @param {number | undefined} after
 */
const pair = (format, before, after) => `${format(before)} → ${format(after)}`;

/**
 * Builds and serves `options.against`, then audits each page `options.runs` times on both servers,
 * old then new in turn, and prints the medians side by side. Nothing is asserted.
 * @param {{ baseUrl: string, options: { against: string, runs: number, port: number,
 *   comparePages: string[] }, root: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ baseUrl, options, root, host, log, onInterrupt }) {
	const { against: ref, runs, comparePages } = options;
	// Clear of the ports the main server and the mixed load take.
	const port = await pickPort(options.port + 10, host);
	const siteUrl = `http://${host}:${port}`;
	log(`Building ${ref} for ${siteUrl} …`);
	/** @type {Array<() => Promise<void>>} */
	const cleanups = [];
	const cleanUp = async () => {
		for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
	};
	const unregister = onInterrupt(cleanUp);
	try {
		const other = await buildOtherVersion({
			root,
			ref,
			siteUrl,
			log,
			track: (remove) => cleanups.push(remove),
		});
		const oldServer = await startServer({ root: other.dir, dir: other.dir, host, port, siteUrl });
		cleanups.push(oldServer.stop);
		log(
			`${ref} (${other.commit.slice(0, 9)}) serves on ${oldServer.baseUrl}; this build on ${baseUrl}`,
		);

		// Each server names its own item: the older data may not hold the same ids.
		const oldPaths = await resolvePages(oldServer.baseUrl, comparePages);
		const newPaths = await resolvePages(baseUrl, comparePages);
		const oldUrls = oldPaths.map((page) => new URL(page, oldServer.baseUrl).href);
		const newUrls = newPaths.map((page) => new URL(page, baseUrl).href);

		log('Weighing the pages in a browser …');
		const oldWeights = await weighPages(oldUrls);
		const newWeights = await weighPages(newUrls);

		const pages = [];
		for (const [index, page] of comparePages.entries()) {
			/** @type {{ old: any[], new: any[] }} */
			const audits = { old: [], new: [] };
			for (let round = 1; round <= runs; round++) {
				for (const side of /** @type {const} */ (['old', 'new'])) {
					const url = side === 'old' ? oldUrls[index] : newUrls[index];
					const started = Date.now();
					const audit = await auditOnce(url);
					audits[side].push(audit);
					const seconds = ((Date.now() - started) / 1000).toFixed(1);
					log(
						`  ${side === 'old' ? oldPaths[index] : newPaths[index]} ${side} ${round}/${runs}: ` +
							(audit.error
								? `failed: ${audit.error}`
								: `perf ${score(audit.perf)}, TBT ${formatMs(audit.tbtMs)}, ` +
									`LCP ${formatMs(audit.lcpMs)} (${seconds} s)`),
					);
				}
			}
			const figures = (side) => ({
				path: side === 'old' ? oldPaths[index] : newPaths[index],
				jsGzip: side === 'old' ? oldWeights[index] : newWeights[index],
				perf: median(audits[side].map((audit) => audit.perf)),
				tbtMs: median(audits[side].map((audit) => audit.tbtMs)),
				lcpMs: median(audits[side].map((audit) => audit.lcpMs)),
				runs: audits[side],
			});
			pages.push({ page, old: figures('old'), new: figures('new') });
		}

		const indexes = pages
			.flatMap((page) => [...page.old.runs, ...page.new.runs])
			.map((audit) => audit.benchmarkIndex)
			.filter((value) => typeof value === 'number');
		const benchmarkIndex = indexes.length
			? { min: Math.min(...indexes), max: Math.max(...indexes) }
			: undefined;

		log();
		log(
			`Old: ${ref} (${other.commit.slice(0, 9)}); new: this checkout. Medians of ${runs} run(s).`,
		);
		log(
			formatTable(
				['Page', 'gzip JS old → new', 'Perf old → new', 'TBT old → new', 'LCP old → new'],
				pages.map((result) => [
					result.page,
					pair(formatKb, result.old.jsGzip, result.new.jsGzip),
					pair(score, result.old.perf, result.new.perf),
					pair(formatMs, result.old.tbtMs, result.new.tbtMs),
					pair(formatMs, result.old.lcpMs, result.new.lcpMs),
				]),
			),
		);
		log();
		log(
			benchmarkIndex
				? `Lighthouse benchmark index (machine speed) ${Math.round(benchmarkIndex.min)}–` +
						`${Math.round(benchmarkIndex.max)} across the runs; a wide range means the ` +
						'machine was busier in some runs than in others.'
				: 'Lighthouse reported no benchmark index.',
		);

		const failed = pages.flatMap((result) =>
			['old', 'new'].flatMap((side) =>
				result[side].runs
					.filter((audit) => audit.error)
					.map((audit) => ({ page: `${result.page} (${side})`, error: audit.error })),
			),
		);
		return { against: ref, commit: other.commit, runs, benchmarkIndex, pages, failed };
	} finally {
		await cleanUp();
		unregister();
	}
}

/**
 * The columns this module adds to the final summary table, one row per page.
 * @param {{ pages: Array<{ page: string, old: any, new: any }> }} results
 */
export function summarize(results) {
	return {
		columns: ['JS old → new', 'Perf old → new', 'TBT old → new', 'LCP old → new'],
		rows: new Map(
			results.pages.map((result) => [
				result.page,
				[
					pair(formatKb, result.old.jsGzip, result.new.jsGzip),
					pair(score, result.old.perf, result.new.perf),
					pair(formatMs, result.old.tbtMs, result.new.tbtMs),
					pair(formatMs, result.old.lcpMs, result.new.lcpMs),
				],
			]),
		),
	};
}
