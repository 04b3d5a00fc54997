import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { itemListState, items, itemSearchText, searchWords } from '~/server/db/schema';
import type { Category } from './items';

/** What narrows a list: the filters of `GET /items`, the search trimmed and never empty. */
export interface ItemFilters {
	status: 'available' | 'all';
	category: Category | undefined;
	search: string | undefined;
}

/** A case-insensitive substring pattern; `%`, `_` and `\` in the search are plain characters. */
function likePattern(search: string): string {
	return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** How alike a listed word must be to stand in for a misspelled one (pg_trgm similarity, 0–1). */
const minimumSimilarity = 0.4;
/** Words this short have too few trigrams to compare; they are searched as typed. */
const minimumWordLength = 3;

/**
 * The search with every word that no item uses replaced by the most similar word that items do
 * use ("kurso lipat" → "kursi lipat"), from the `search_words` dictionary; `null` when no word
 * changes. Asked only when the search as typed finds nothing, so a correct search costs nothing.
 */
export async function correctedSearch(db: Database, search: string): Promise<string | null> {
	const words = search
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean);
	const candidates = words.filter((word) => word.length >= minimumWordLength);
	if (candidates.length === 0) return null;
	const result = await db.execute(sql`
		select input, (
			select ${searchWords.word} from ${searchWords}
			where ${searchWords.word} % input and similarity(${searchWords.word}, input) >= ${minimumSimilarity}
			order by similarity(${searchWords.word}, input) desc, ${searchWords.word}
			limit 1
		) as word
		from unnest(${sql.param(candidates)}::text[]) as input`);
	const rows = rowsOf<{ input: string; word: string | null }>(result);
	const replacement = new Map(
		rows.filter((row) => row.word !== null).map((row) => [row.input, row.word!]),
	);
	const corrected = words.map((word) => replacement.get(word) ?? word);
	return corrected.some((word, index) => word !== words[index]) ? corrected.join(' ') : null;
}

/** A list's total as counted, and the search it was counted for (after any correction). */
export interface CountedTotal {
	/** `item_list_state.version` in the snapshot the count saw. */
	version: number;
	total: number;
	search: string | undefined;
}

/** Which page of a list, in which order. */
export interface PageRequest {
	sort: 'newest' | 'oldest';
	limit: number;
	offset: number;
}

/** The values of a list statement, or the placeholders that a prepared one fills in. */
export interface ListValues {
	category: Category | Placeholder | undefined;
	pattern: string | Placeholder | undefined;
	limit: number | Placeholder;
	offset: number | Placeholder;
}

/** The values of the filters and the page, for a statement built for them alone. */
export function listValues(filters: ItemFilters, page: PageRequest): ListValues {
	return {
		category: filters.category,
		pattern: filters.search === undefined ? undefined : likePattern(filters.search),
		limit: page.limit,
		offset: page.offset,
	};
}

/** Placeholders for the values that these filters use, for a statement prepared once. */
export function listPlaceholders(filters: ItemFilters): ListValues {
	return {
		category: filters.category && sql.placeholder('category'),
		pattern: filters.search && sql.placeholder('pattern'),
		limit: sql.placeholder('limit'),
		offset: sql.placeholder('offset'),
	};
}

/** The order of a list: newest or oldest first, the id breaking ties. */
export function listOrder(sort: PageRequest['sort']) {
	return sort === 'oldest'
		? [asc(items.createdAt), asc(items.id)]
		: [desc(items.createdAt), desc(items.id)];
}

function filterWhere(filters: Pick<ItemFilters, 'status'>, values: ListValues): SQL | undefined {
	const conditions: SQL[] = [];
	if (filters.status === 'available') conditions.push(eq(items.status, 'AVAILABLE'));
	if (values.category !== undefined) conditions.push(eq(items.category, values.category));
	if (values.pattern !== undefined) conditions.push(sql`${itemSearchText} ilike ${values.pattern}`);
	return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The ids of one page of the filtered list, as a subquery. Planned for the very search it runs
 * (walk the date index for a common word, the trigram index for a rare one), also when its
 * statement is prepared: a generic plan would have to guess how common the word is, and its
 * estimate is far costlier than any plan made for a known word, so the plan cache keeps making
 * those.
 */
export function pageIds(
	db: Database,
	filters: Pick<ItemFilters, 'status'>,
	sort: PageRequest['sort'],
	values: ListValues,
) {
	return db
		.select({ id: items.id })
		.from(items)
		.where(filterWhere(filters, values))
		.orderBy(...listOrder(sort))
		.limit(values.limit)
		.offset(values.offset);
}

/** The list version, as a column of any statement. */
export const listVersionColumn =
	sql<number>`(select ${itemListState.version} from ${itemListState} where ${itemListState.id} = 1)`.mapWith(
		Number,
	);

/**
 * The list version, the ids of one page and the number of matches, in one statement and so in
 * one snapshot: a total and its version always agree. Built for its values and sent unprepared,
 * since a generic plan of the count could look cheaper than the plans for common words and walk
 * the wrong index.
 */
export async function countedListPage(
	db: Database,
	filters: ItemFilters,
	page: PageRequest,
): Promise<CountedTotal & { ids: number[] }> {
	const values = listValues(filters, page);
	const [row] = await db
		.select({
			version: itemListState.version,
			ids: sql<unknown[]>`array(${pageIds(db, filters, page.sort, values)})`,
			total: sql<unknown>`(${db
				.select({ total: count() })
				.from(items)
				.where(filterWhere(filters, values))})`,
		})
		.from(itemListState)
		.where(eq(itemListState.id, 1));
	// bigint values arrive as strings or BigInts, depending on the driver.
	return {
		version: row?.version ?? 0,
		ids: (row?.ids ?? []).map(Number),
		total: Number(row?.total ?? 0),
		search: filters.search,
	};
}

/** How many filter combinations keep their total (searches typed by visitors, mostly). */
const totalsKept = 2000;
const totalsByDatabase = new WeakMap<Database, Map<string, CountedTotal>>();

/**
 * Totals of lists, by filters, for the list version they were counted at. Counting every match
 * of a common word costs milliseconds on every request; a total stays right until an item
 * changes, which the version says to every process at once.
 */
export const listTotals = {
	key(filters: ItemFilters): string {
		return JSON.stringify([filters.status, filters.category ?? null, filters.search ?? null]);
	},
	/** The last total of these filters, of whatever version (the caller compares). */
	get(db: Database, key: string): CountedTotal | undefined {
		const totals = totalsByDatabase.get(db);
		const total = totals?.get(key);
		if (totals && total) {
			// Most recently used last, so the oldest is the first to go.
			totals.delete(key);
			totals.set(key, total);
		}
		return total;
	},
	set(db: Database, key: string, total: CountedTotal): void {
		let totals = totalsByDatabase.get(db);
		if (!totals) {
			totals = new Map();
			totalsByDatabase.set(db, totals);
		}
		totals.delete(key);
		totals.set(key, total);
		if (totals.size > totalsKept) totals.delete(totals.keys().next().value!);
	},
};
