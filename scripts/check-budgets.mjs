// `npm test`'s page budgets stage: after `npm run build`, serves the build with demo data, reads
// one page of every kind in both languages and weighs the JavaScript each makes a phone download
// at load, from the built files alone (bench/bundle-weight.mjs). Bytes do not vary from run to
// run, so unlike `npm run bench` this fails: it names every page over its kind's budget
// (bench/page-budgets.mjs), with the files that weigh most.
//
// Usage: node scripts/check-budgets.mjs [--port 4600]
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { weighPageBundles } from './bench/bundle-weight.mjs';
import { formatKb, formatTable } from './bench/format.mjs';
import { defaultPages, jsBudgetsKb, pageKindOf, resolvePages } from './bench/page-budgets.mjs';
import { pickPort, startServer } from './bench/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist', 'client');
const host = '127.0.0.1';

/**
 * Reads one page as a phone would and weighs its scripts.
 * @param {string} baseUrl
 * @param {string} pagePath
 */
async function weigh(baseUrl, pagePath) {
	const pageUrl = new URL(pagePath, baseUrl).href;
	const response = await fetch(pageUrl, { signal: AbortSignal.timeout(30_000) });
	const html = await response.text();
	if (!/^text\/html/i.test(response.headers.get('content-type') ?? '')) {
		throw new Error(`${pagePath} answered ${response.status} without HTML`);
	}
	const pageKind = pageKindOf(pagePath, response.status);
	const budgetKb = jsBudgetsKb[pageKind];
	const weight = await weighPageBundles({ html, pageUrl, clientDir });
	if (!weight.files.length) {
		// Every page loads at least the site's menu script: none found means the walk is broken.
		throw new Error(`${pagePath} names no script the build holds`);
	}
	return {
		page: pagePath,
		status: response.status,
		pageKind,
		budgetKb,
		...weight,
		over: weight.jsGzip > budgetKb * 1024,
	};
}

async function main() {
	const { values } = parseArgs({ options: { port: { type: 'string', default: '4600' } } });
	try {
		await access(path.join(root, 'dist', 'server', 'entry.mjs'));
	} catch {
		throw new Error('dist/ holds no build: run `npm run build` first');
	}
	const port = await pickPort(Number(values.port), host);
	const baseUrl = `http://${host}:${port}`;
	// The build in place, its own server/start.mjs beside it, on a throwaway data folder with the
	// demo data, so the item pages have an item to show.
	const server = await startServer({ root, dir: root, host, port, siteUrl: baseUrl });
	let results;
	try {
		const pages = await resolvePages(server.baseUrl, defaultPages);
		results = [];
		for (const page of pages) results.push(await weigh(server.baseUrl, page));
	} finally {
		await server.stop();
	}

	console.log(
		formatTable(
			['Page', 'Kind', 'Status', 'Files', 'Inline', 'JS gzip', 'Budget', 'Verdict'],
			results.map((result) => [
				result.page,
				result.pageKind,
				result.status,
				result.files.length,
				formatKb(result.inline.gzip),
				formatKb(result.jsGzip),
				`${result.budgetKb} KB`,
				result.over ? '!! OVER' : 'ok',
			]),
			{ align: ['left', 'left'] },
		),
	);
	const over = results.filter((result) => result.over);
	if (!over.length) {
		console.log("\nEvery page is within its kind's gzip JavaScript budget.");
		return;
	}
	console.error('');
	for (const result of over) {
		const heaviest = result.files
			.slice(0, 3)
			.map((file) => `${path.basename(file.path)} ${formatKb(file.gzip)}`)
			.join(', ');
		console.error(
			`!! ${result.page} (${result.pageKind}) loads ${formatKb(result.jsGzip)} of gzip ` +
				`JavaScript, over its budget of ${result.budgetKb} KB; heaviest: ${heaviest}`,
		);
	}
	process.exitCode = 1;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
