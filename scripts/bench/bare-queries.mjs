// The bare side of the API benchmark: the statements the server sends for a search and a detail
// (item-statements.mjs), sent straight to the database through the driver the server uses, with
// the search words resolved (counted, and corrected where misspelled) as the server resolves them.
import { performance } from 'node:perf_hooks';
import {
	minimumSimilarity,
	minimumWordLength,
	oneEditPatterns,
} from '../../src/features/items/item-spelling.ts';
import { searchWords } from './api-settings.mjs';
import { statements } from './item-statements.mjs';
import { latencyFigures } from './load-figures.mjs';
import { drive, randomId } from './load-driver.mjs';

/** @typedef {import('./load-figures.mjs').Timing} Timing */

/** The search's `ilike` pattern, escaped as filterCondition escapes it. */
function likePattern(word) {
	return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The spelling correction of one misspelled word, as `correctedSearch` makes it
 * (src/features/items/item-spelling.server.ts): the best-ranked listed word, the most alike.
 * Where several rank alike the server counts their uses; the benchmark's typos have one each.
 * @param {(text: string, params: unknown[]) => Promise<unknown[][]>} query
 * @param {string} word
 * @returns {Promise<string | undefined>}
 */
async function correction(query, word) {
	if (Array.from(word).length < minimumWordLength) return undefined;
	const patterns = oneEditPatterns(word);
	const rows = /** @type {[string, string, number, number][]} */ (
		await query(statements.spellingCandidates, [
			[word],
			patterns.map(() => word),
			patterns,
			minimumWordLength,
			minimumSimilarity,
		])
	);
	if (rows.some(([, , edits]) => Number(edits) === 0)) return undefined;
	const rank = ([, listed, edits]) =>
		Number(edits) !== 1
			? Number(edits) * 2
			: Array.from(listed).length < Array.from(word).length
				? 2
				: 1;
	const best = Math.min(...rows.map(rank));
	const ranked = rows
		.filter((row) => rank(row) === best)
		.sort((a, b) => Number(b[3]) - Number(a[3]) || (a[1] < b[1] ? -1 : 1));
	if (ranked.length > 1) throw new Error(`"${word}" has ${ranked.length} equal corrections`);
	return ranked[0]?.[1];
}

/**
 * The bare work of a search and a detail, as listItems and findItem send it.
 * @param {(text: string, params: unknown[], prepared?: boolean) => Promise<unknown[][]>} query
 *   rows as arrays; `prepared` for the statements the server prepares
 */
export function bareCalls(query) {
	return {
		/**
		 * A cold search, as the server runs it when no total is cached: the page with its total,
		 * and when nothing matches, again with the misspelled words corrected.
		 * @param {string} word
		 * @returns {Promise<{ total: number, search: string }>}
		 */
		async coldSearch(word) {
			const counted = async (search) => {
				const pattern = likePattern(search);
				const [[, ids, total]] = await query(statements.countedPage, [pattern, pattern, 1]);
				if (ids.length) await query(statements.itemsWithIds, [ids], true);
				return Number(total);
			};
			const total = await counted(word);
			if (total > 0) return { total, search: word };
			const corrected = await correction(query, word);
			if (!corrected) return { total, search: word };
			return { total: await counted(corrected), search: corrected };
		},
		/**
		 * A search whose total is cached (every search after the first, until an item changes):
		 * the page's items with the list version.
		 * @param {string} search the search as the server runs it (after any correction)
		 */
		async search(search) {
			const rows = await query(statements.page, [search], true);
			if (!rows.length) throw new Error(`no items for ${search}`);
		},
		/** @param {number} id */
		async detail(id) {
			const rows = await query(statements.item, [id], true);
			if (!rows.length) throw new Error(`item ${id} not found`);
		},
	};
}

/** How often each word's cold search is timed, one at a time. */
const coldRuns = 20;

/**
 * Resolves each word as the server does (its total, its corrected search) and times the cold
 * search of each alone.
 * @param {ReturnType<typeof bareCalls>} calls
 * @param {(line?: string) => void} log
 */
export async function resolveWords(calls, log) {
	const matches = {};
	const resolved = {};
	const cold = {};
	for (const word of searchWords) {
		({ total: matches[word], search: resolved[word] } = await calls.coldSearch(word));
		const times = [];
		for (let run = 0; run < coldRuns; run++) {
			const begin = performance.now();
			await calls.coldSearch(word);
			times.push(performance.now() - begin);
		}
		cold[word] = latencyFigures([{ values: times }]);
	}
	const counts = searchWords.map(
		(word) => `${word} ${matches[word]}${resolved[word] === word ? '' : ` (as ${resolved[word]})`}`,
	);
	log(`  matches per search word: ${counts.join(', ')}`);
	return { matches, resolved, cold };
}

/**
 * The bare loads: the steady search (the words in turn, as the server runs them) and the detail
 * of random ids, each by `connections` callers.
 * @param {ReturnType<typeof bareCalls>} calls
 * @param {Record<string, string>} resolved each word's search as the server runs it
 * @param {{ minId: number, maxId: number }} range
 */
export function bareLoads(calls, resolved, range) {
	return {
		/** @param {Timing} timing */
		search: (timing) =>
			drive(async (sequence) => {
				const word = searchWords[sequence % searchWords.length];
				await calls.search(resolved[word]);
				return word;
			}, timing),
		/** @param {Timing} timing */
		detail: (timing) =>
			drive(async () => {
				await calls.detail(randomId(range));
				return 'detail';
			}, timing),
	};
}
