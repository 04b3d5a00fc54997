// Page weight against budget: the JavaScript and CSS each page makes a phone download
// (page-weight.mjs), the gzip JavaScript, files and inline scripts, held to its kind's budget
// (page-budgets.mjs) as `npm test` holds the build's pages to it (check-budgets.mjs).
import { formatKb, formatTable } from './format.mjs';
import { jsBudgetsKb, pageKindOf } from './page-budgets.mjs';
import { launchBrowser, weighPage } from './page-weight.mjs';

export const name = 'pages';
export const description =
	'JS and CSS weight per page (raw and gzip -9) against its budget, mobile viewport';

/**
 * Measures every page and prints a weight table with each page's kind, budget and verdict, a
 * per-file breakdown, and the pages over budget. Being over budget is reported, never thrown:
 * this is a benchmark, not a test.
 * @param {{ baseUrl: string, pages: string[], log: (line?: string) => void }} context
 */
export async function run({ baseUrl, pages, log }) {
	const browser = await launchBrowser();
	const results = [];
	/** @type {Array<{ page: string, error: string }>} */
	const failed = [];
	try {
		for (const pagePath of pages) {
			const started = Date.now();
			try {
				const measured = await weighPage(browser, new URL(pagePath, baseUrl).href);
				const pageKind = pageKindOf(pagePath, measured.status);
				const budgetKb = jsBudgetsKb[pageKind];
				// The budget counts the inline scripts too, as the build's check does.
				const budgetGzip = measured.jsGzip + measured.inline.js.gzip;
				const overBudget = budgetGzip > budgetKb * 1024;
				results.push({ page: pagePath, pageKind, budgetKb, ...measured, budgetGzip, overBudget });
				log(
					`  ${pagePath}: ${measured.files.length} files, JS ${formatKb(budgetGzip)} gzip` +
						` (${((Date.now() - started) / 1000).toFixed(1)} s)` +
						(overBudget ? '  !! OVER BUDGET' : ''),
				);
			} catch (error) {
				// One page that does not load must not cost the figures of the others.
				const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
				failed.push({ page: pagePath, error: message });
				log(`  ${pagePath}: failed: ${message}`);
			}
		}
	} finally {
		await browser.close();
	}

	log();
	log(
		formatTable(
			[
				'Page',
				'Kind',
				'Status',
				'JS raw',
				'JS gzip',
				'+ inline',
				'Budget',
				'Verdict',
				'CSS raw',
				'CSS gzip',
				'Files',
			],
			results.map((result) => [
				result.page,
				result.pageKind,
				result.status,
				formatKb(result.jsRaw),
				formatKb(result.jsGzip),
				formatKb(result.budgetGzip),
				`${result.budgetKb} KB`,
				result.overBudget ? '!! OVER' : 'ok',
				formatKb(result.cssRaw),
				formatKb(result.cssGzip),
				`${result.jsFiles + result.cssFiles} (${result.jsFiles} js, ${result.cssFiles} css)`,
			]),
			{ align: ['left', 'left'] },
		),
	);

	const inlineRows = results.filter((result) => result.inline.js.count || result.inline.css.count);
	if (inlineRows.length) {
		log();
		log('Inline in the HTML (its JS is counted in "+ inline"):');
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
							`!! OVER BUDGET: ${result.page} (${result.pageKind}) loads ` +
							`${formatKb(result.budgetGzip)} of gzip JS (budget ${result.budgetKb} KB)`,
					)
					.join('\n')
			: "Every page is within its kind's gzip JS budget.",
	);
	return { budgetsKb: jsBudgetsKb, pages: results, failed };
}

/**
 * The columns this module adds to the final summary table, one row per page.
 * @param {{ pages: Array<{ page: string, pageKind: string, budgetKb: number, budgetGzip: number,
 *   cssGzip: number, jsFiles: number, cssFiles: number, overBudget: boolean }>,
 *   failed: Array<{ page: string }> }} results
 */
export function summarize(results) {
	const columns = ['Kind', 'JS gzip', 'Budget', 'CSS gzip', 'Files'];
	return {
		columns,
		rows: new Map([
			...results.pages.map((result) => [
				result.page,
				[
					result.pageKind,
					`${formatKb(result.budgetGzip)}${result.overBudget ? ' !!' : ''}`,
					`${result.budgetKb} KB`,
					formatKb(result.cssGzip),
					result.jsFiles + result.cssFiles,
				],
			]),
			...results.failed.map(({ page }) => [page, columns.map(() => 'err')]),
		]),
	};
}
