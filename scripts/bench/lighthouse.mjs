// Lighthouse scores per page with its default mobile config (emulated phone, simulated slow 4G and
// CPU throttling), plus the audits that kept a category under 100 so they can be fixed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../browser.mjs';
import { formatMs, formatTable } from './format.mjs';

export const name = 'lighthouse';
export const description = 'Lighthouse mobile scores, LCP, TBT and CLS per page';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const categoryLabels = {
	performance: 'Perf',
	accessibility: 'A11y',
	'best-practices': 'BP',
	seo: 'SEO',
};
// Modes whose audits carry no pass/fail verdict and so cannot be what lowered a score.
const unscoredModes = new Set(['notApplicable', 'manual', 'informative']);
// Chrome's DevTools endpoint is bound to IPv4 loopback; 'localhost' may resolve to ::1 first.
const devtoolsHost = '127.0.0.1';

/**
 * Starts a headless Chromium with a DevTools port, through chrome-launcher (a dependency of
 * Lighthouse) when it resolves, else by spawning Chromium and reading the port it announces.
 * @returns {Promise<{ port: number, kill: () => Promise<void> }>}
 */
async function launchChrome() {
	const chromePath = findChromium();
	if (!chromePath) throw new Error('no Chromium found (see scripts/ensure-browser.mjs)');
	const chromeFlags = ['--headless=new', ...chromiumArgs];
	let launcher;
	try {
		launcher = await import('chrome-launcher');
	} catch {
		launcher = undefined;
	}
	if (launcher) {
		const chrome = await launcher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
		return {
			port: chrome.port,
			// SIGTERM first: Chromium then reaps its own helper processes, which a SIGKILL of the
			// group (chrome-launcher's kill) would leave as zombies. Waiting for the exit also keeps a
			// Chromium still shutting down from sharing the CPU with the next page's run.
			kill: async () => {
				if (chrome.process.exitCode === null && chrome.process.signalCode === null) {
					const exited = once(chrome.process, 'exit');
					chrome.process.kill('SIGTERM');
					await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
				}
				// Removes the profile folder, and ends the group if SIGTERM was not enough.
				chrome.kill();
			},
		};
	}

	const userDataDir = await mkdtemp(path.join(tmpdir(), 'hibahin-lighthouse-'));
	const chrome = spawn(
		chromePath,
		[...chromeFlags, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
		// Its own process group, so the helpers (zygote, renderers) can be ended with it.
		{ stdio: ['ignore', 'ignore', 'pipe'], detached: true },
	);
	const port = await new Promise((resolve, reject) => {
		let stderr = '';
		chrome.stderr.on('data', (chunk) => {
			stderr += chunk;
			const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
			if (match) resolve(Number(match[1]));
		});
		chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${stderr}`)));
	}).catch(async (error) => {
		await rm(userDataDir, { recursive: true, force: true });
		throw error;
	});
	return {
		port,
		kill: async () => {
			if (chrome.exitCode === null && chrome.signalCode === null && chrome.pid) {
				// SIGTERM first so Chromium reaps its helpers; SIGKILL the group only if it hangs.
				const exited = once(chrome, 'exit');
				chrome.kill('SIGTERM');
				const timer = setTimeout(() => process.kill(-chrome.pid, 'SIGKILL'), 5_000);
				await exited;
				clearTimeout(timer);
			}
			await rm(userDataDir, { recursive: true, force: true });
		},
	};
}

/**
 * Short pointers at what an audit found (elements, URLs), so the output alone says where to look.
 * @param {any} details
 * @param {number} limit
 * @returns {string[]}
 */
function describeItems(details, limit = 3) {
	const items = Array.isArray(details?.items) ? details.items : [];
	const clip = (text) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);
	const described = items.map((item) => {
		// Insights nest their findings in sections; only the request chain says something here.
		if (item.type === 'list-section') return describeChain(item.value);
		const node = [item.node, item.element, item.source].find((value) => value?.type === 'node');
		if (node) return clip([node.selector, node.snippet].filter(Boolean).join('  '));
		if (typeof item.url === 'string') return item.url;
		if (typeof item.source?.url === 'string') return item.source.url;
		if (typeof item.description === 'string') return clip(item.description);
		if (typeof item.source === 'string') return clip(item.source);
		return undefined;
	});
	const found = described.filter(Boolean);
	return found.length > limit
		? [...found.slice(0, limit), `… ${found.length - limit} more`]
		: found;
}

/**
 * The longest request chain of a network-tree section, e.g. `/en → /_astro/a.css (103 ms)`.
 * @param {any} tree
 * @returns {string | undefined}
 */
function describeChain(tree) {
	if (tree?.type !== 'network-tree') return undefined;
	const steps = [];
	let level = tree.chains;
	while (level && Object.keys(level).length) {
		const nodes = Object.values(level);
		const next = nodes.find((node) => node.isLongest) ?? nodes[0];
		steps.push(new URL(next.url).pathname);
		level = next.children;
	}
	const duration = tree.longestChain?.duration;
	return `longest chain: ${steps.join(' → ')}${duration ? ` (${Math.round(duration)} ms)` : ''}`;
}

/**
 * The audits of a category that did not pass, heaviest first; audits in Lighthouse's hidden group
 * are left out since they do not show in the report either.
 * @param {any} lhr
 * @param {string} categoryId
 */
function failingAudits(lhr, categoryId) {
	return lhr.categories[categoryId].auditRefs
		.filter((ref) => ref.group !== 'hidden')
		.map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
		.filter(
			({ audit }) =>
				audit &&
				!unscoredModes.has(audit.scoreDisplayMode) &&
				(audit.scoreDisplayMode === 'error' || (audit.score !== null && audit.score < 1)),
		)
		.sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0))
		.map(({ ref, audit }) => ({
			id: ref.id,
			title: audit.title,
			score: audit.score,
			weight: ref.weight,
			displayValue: audit.displayValue,
			error: audit.errorMessage,
			items: describeItems(audit.details),
		}));
}

/**
 * Runs Lighthouse on one URL in a Chromium of its own, so no cache or service worker from a
 * previous page colours the result.
 * @param {string} url
 */
export async function auditPage(url) {
	const { default: lighthouse } = await import('lighthouse');
	const chrome = await launchChrome();
	try {
		const result = await lighthouse(url, {
			port: chrome.port,
			hostname: devtoolsHost,
			output: 'json',
			logLevel: 'error',
			onlyCategories: categories,
			// The 404 page is meant to answer 404; audit it instead of refusing (Lighthouse then
			// adds a warning, and SEO's http-status-code fails, as it should).
			ignoreStatusCode: true,
		});
		if (!result) throw new Error('Lighthouse returned no result');
		return result.lhr;
	} finally {
		await chrome.kill();
	}
}

/** @param {number | null | undefined} score */
const toPercent = (score) => (typeof score === 'number' ? Math.round(score * 100) : null);

/**
 * Audits each page in turn (in parallel they would skew each other's CPU timings) and prints the
 * scores, the Core Web Vitals and the audits behind every score under 100.
 * @param {{ baseUrl: string, pages: string[], log: (line?: string) => void }} context
 */
export async function run({ baseUrl, pages, log }) {
	const results = [];
	for (const pagePath of pages) {
		const started = Date.now();
		let lhr;
		try {
			lhr = await auditPage(new URL(pagePath, baseUrl).href);
		} catch (error) {
			// One page that Lighthouse cannot load must not cost the figures of the others.
			const message = error instanceof Error ? error.message : String(error);
			results.push({ page: pagePath, scores: {}, failing: {}, runtimeError: message });
			log(`  ${pagePath}: Lighthouse failed: ${message}`);
			continue;
		}
		const scores = Object.fromEntries(
			categories.map((id) => [id, toPercent(lhr.categories[id]?.score)]),
		);
		// After a runtime error every audit repeats that error; the error alone says it better.
		const failing = Object.fromEntries(
			categories
				.filter((id) => !lhr.runtimeError && scores[id] !== 100 && lhr.categories[id])
				.map((id) => [id, failingAudits(lhr, id)]),
		);
		const result = {
			page: pagePath,
			scores,
			lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
			tbtMs: lhr.audits['total-blocking-time']?.numericValue,
			cls: lhr.audits['cumulative-layout-shift']?.numericValue,
			fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
			speedIndexMs: lhr.audits['speed-index']?.numericValue,
			failing,
			runtimeError: lhr.runtimeError?.message,
			warnings: lhr.runWarnings,
			lighthouseVersion: lhr.lighthouseVersion,
			userAgent: lhr.environment?.hostUserAgent,
			seconds: Math.round((Date.now() - started) / 100) / 10,
		};
		results.push(result);
		const scoreList = categories.map((id) => `${categoryLabels[id]} ${scores[id] ?? 'err'}`);
		log(`  ${pagePath}: ${scoreList.join(', ')} (${result.seconds} s)`);
	}

	log();
	log(
		formatTable(
			['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'FCP', 'SI'],
			results.map((result) => [
				result.page,
				...categories.map((id) => result.scores[id] ?? 'err'),
				...metricCells(result),
				formatMs(result.fcpMs),
				formatMs(result.speedIndexMs),
			]),
		),
	);

	log();
	const withFailures = results.filter(
		(result) =>
			Object.keys(result.failing).length || result.runtimeError || result.warnings?.length,
	);
	if (!withFailures.length) log('Every page scored 100 in every category.');
	for (const result of withFailures) {
		log(`${result.page}`);
		if (result.runtimeError) log(`  runtime error: ${result.runtimeError}`);
		for (const warning of result.warnings ?? []) log(`  warning: ${warning}`);
		for (const [categoryId, audits] of Object.entries(result.failing)) {
			log(`  ${categoryId} ${result.scores[categoryId] ?? 'err'}:`);
			if (!audits.length) log('    (no single failing audit; the score comes from the metrics)');
			for (const audit of audits) {
				const score = audit.score === null ? 'error' : `score ${audit.score}`;
				const value = audit.displayValue ? `, ${audit.displayValue}` : '';
				const weight = Math.round(audit.weight * 100) / 100;
				log(`    - ${audit.id} (${score}, weight ${weight}${value}): ${audit.title}`);
				if (audit.error) log(`        ${audit.error}`);
				for (const item of audit.items) log(`        ${item}`);
			}
		}
	}
	// Pages Lighthouse could not audit; the entry turns these into a failing exit code.
	const failed = results
		.filter((result) => result.runtimeError)
		.map(({ page, runtimeError }) => ({ page, error: runtimeError }));
	return { pages: results, failed };
}

/** @param {{ lcpMs?: number, tbtMs?: number, cls?: number }} result */
function metricCells(result) {
	return [
		formatMs(result.lcpMs),
		formatMs(result.tbtMs),
		typeof result.cls === 'number' ? result.cls.toFixed(3) : '–',
	];
}

/**
 * The columns this module adds to the final summary table, one row per page.
 * @param {{ pages: Array<{ page: string, scores: Record<string, number | null>, lcpMs?: number,
 *   tbtMs?: number, cls?: number }> }} results
 */
export function summarize(results) {
	return {
		columns: ['Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS'],
		rows: new Map(
			results.pages.map((result) => [
				result.page,
				[...categories.map((id) => result.scores[id] ?? 'err'), ...metricCells(result)],
			]),
		),
	};
}
