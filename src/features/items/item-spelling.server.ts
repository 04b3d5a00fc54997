import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { items, searchWords } from '~/server/db/schema';
import { likePattern } from './item-search.server';
import { minimumSimilarity, minimumWordLength, oneEditPatterns } from './item-spelling';

/** Words one edit away whose use is weighed, most alike first; a short word can have many. */
const neighboursWeighed = 8;
/** Uses are counted up to this: enough to tell a common word from a rare one, and cheap. */
const usesCounted = 100;

/** A listed word that could stand in for a typed one. */
interface Candidate {
	input: string;
	word: string;
	/** 0: listed as typed; 1: one edit away; 2: only alike by trigrams. */
	edits: number;
	similarity: number;
}

/**
 * The listed words that could stand in for each of `inputs`, in one statement: the word itself,
 * the words one edit away (by `oneEditPatterns`), and the listed word most alike by pg_trgm
 * similarity, which still corrects a longer word two letters off ("minimalisss" → "minimalis").
 */
async function candidates(db: Database, inputs: string[]): Promise<Candidate[]> {
	const edits = inputs.flatMap((input) =>
		oneEditPatterns(input).map((pattern) => ({ input, pattern })),
	);
	const word = searchWords.word;
	const result = await db.execute(sql`
		select input, ${word} as word, 0 as edits, 1 as similarity
		from unnest(${sql.param(inputs)}::text[]) as input
		join ${searchWords} on ${word} = input
		union all
		select distinct input, ${word}, 1, similarity(${word}, input)
		from unnest(
			${sql.param(edits.map((edit) => edit.input))}::text[],
			${sql.param(edits.map((edit) => edit.pattern))}::text[]
		) as edit(input, pattern)
		join ${searchWords} on ${word} like pattern
		union all
		select input, alike.word, 2, alike.similarity
		from unnest(${sql.param(inputs)}::text[]) as input
		cross join lateral (
			select ${word} as word, similarity(${word}, input) as similarity from ${searchWords}
			where ${word} % input and length(${word}) >= ${minimumWordLength}
			order by 2 desc, 1 limit 1
		) as alike
		where alike.similarity >= ${minimumSimilarity}`);
	return rowsOf<Candidate>(result).map((row) => ({
		...row,
		edits: Number(row.edits),
		similarity: Number(row.similarity),
	}));
}

/**
 * How a candidate ranks, lowest first: a word one edit away at least as long as the typed one,
 * then one a letter shorter, then one only alike by trigrams. A shorter word comes later because
 * a search matches substrings: "kuri" for "kurzi" would also find every "kurir".
 */
function rank(candidate: Candidate): number {
	if (candidate.edits !== 1) return candidate.edits * 2;
	return Array.from(candidate.word).length < Array.from(candidate.input).length ? 2 : 1;
}

/**
 * How many items use each of `words`, counted up to `usesCounted`, in one statement. Each count
 * is its own subquery with its own pattern, so PostgreSQL plans it for that very word: the
 * trigram index for a rare one, a short read of the items for a common one.
 */
async function uses(db: Database, words: string[]): Promise<Map<string, number>> {
	const counts: SQL[] = words.map(
		(word) => sql`select ${word}::text as word, (select count(*) from (
			select from ${items} where ${items.searchText} like ${likePattern(word)} limit ${usesCounted}
		) as used) as uses`,
	);
	const result = await db.execute(sql.join(counts, sql` union all `));
	const rows = rowsOf<{ word: string; uses: unknown }>(result);
	return new Map(rows.map((row) => [row.word, Number(row.uses)]));
}

/**
 * The best stand-in for each misspelled word: among the best-ranked candidates, the one most
 * items use ("meja" for "meha" where "mega" is as close but rarer), then the most alike. A word
 * that items use is no typo and stays as typed, and so does a word nothing stands in for. A
 * listed word that no item uses any more (the dictionary keeps every word, typos that donors
 * fixed since included) is corrected like an unlisted one.
 */
async function replacements(
	db: Database,
	inputs: string[],
	found: Candidate[],
): Promise<Map<string, string>> {
	const listed = new Set(
		found.filter((candidate) => candidate.edits === 0).map((candidate) => candidate.input),
	);
	const tiers = new Map<string, Candidate[]>();
	for (const input of inputs) {
		const mine = found.filter((candidate) => candidate.input === input && candidate.edits > 0);
		if (mine.length === 0) continue;
		const best = Math.min(...mine.map(rank));
		const tier = mine
			.filter((candidate) => rank(candidate) === best)
			.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : 1));
		tiers.set(input, tier.slice(0, neighboursWeighed));
	}
	const contested = [...tiers.values()].filter((tier) => tier.length > 1).flat();
	// A listed word's uses matter only where something could stand in for it.
	const doubtful = [...listed].filter((input) => tiers.has(input));
	const weighed = [...new Set([...doubtful, ...contested.map((candidate) => candidate.word)])];
	const used = weighed.length > 0 ? await uses(db, weighed) : new Map<string, number>();
	const usesOf = (word: string) => used.get(word) ?? 0;
	const chosen = new Map<string, string>();
	for (const [input, tier] of tiers) {
		if (listed.has(input) && usesOf(input) > 0) continue;
		const [mostUsed] = [...tier].sort((a, b) => usesOf(b.word) - usesOf(a.word));
		chosen.set(input, mostUsed!.word);
	}
	return chosen;
}

/**
 * The search with every misspelled word replaced by a word that items use ("kurzi lipat" →
 * "kursi lipat"), from the `search_words` dictionary; `null` when no word changes. Asked only
 * when the search as typed finds nothing, so a correct search costs nothing, and a search that
 * finds something is never mixed with the items of another word.
 */
export async function correctedSearch(db: Database, search: string): Promise<string | null> {
	const words = search
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean);
	const inputs = [...new Set(words.filter((word) => Array.from(word).length >= minimumWordLength))];
	if (inputs.length === 0) return null;
	const replacement = await replacements(db, inputs, await candidates(db, inputs));
	if (replacement.size === 0) return null;
	return words.map((word) => replacement.get(word) ?? word).join(' ');
}
