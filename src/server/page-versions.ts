import { eq, sql } from 'drizzle-orm';
import { inJakarta } from '~/lib/format';
import { unlocalizedPath } from '~/lib/i18n/locales';
import type { Database } from './db/client';
import { preparedStatements } from './db/prepared';
import { items, needListState, publicPageState } from './db/schema';

/**
 * Which version a signed-out page is made of: an item's page of its item's `version`, the home
 * page, a list, city or public profile page of the public page version (drizzle/0011_page_versions.sql),
 * the rankings of it and of the month in Jakarta, the needs list and its city pages of the needs'
 * list version (drizzle/0024_need_list_state.sql).
 */
export type PageVersionSource =
	{ kind: 'item'; itemId: number } | { kind: 'public' } | { kind: 'rankings' } | { kind: 'needs' };

/** Pages that the whole list of items, a place or a donor's givings can change. */
const publicPages = [/^\/$/, /^\/items$/, /^\/items\/in\/[^/]+$/, /^\/profile\/[^/]+$/];

/** The rankings, whose month and year also turn over without a write. */
const rankingsPage = /^\/heroes\/rankings$/;

/** Pages that only the needs list changes. */
const needPages = [/^\/needs$/, /^\/needs\/in\/[^/]+$/];

/** The version source of a server-rendered page in either language, or null for other pages. */
export function pageVersionSource(pathname: string): PageVersionSource | null {
	const path = unlocalizedPath(pathname);
	const item = /^\/items\/(\d{1,15})$/.exec(path);
	if (item) return { kind: 'item', itemId: Number(item[1]) };
	if (needPages.some((page) => page.test(path))) return { kind: 'needs' };
	if (rankingsPage.test(path)) return { kind: 'rankings' };
	return publicPages.some((page) => page.test(path)) ? { kind: 'public' } : null;
}

/**
 * The page's data version: one single-row read by primary key, the only query a page answered
 * with 304 or from the page cache costs. Null for an item that does not exist (its page is a 404,
 * never cached). An item page links its pickup city's page, which exists while the city has an
 * available item: while the item is one of them the link holds whatever else changes, so its own
 * version is enough; once it is given away, reserved or hidden the public version joins in, and
 * the link goes when the city's last item does. The needs' pages also hold the minute, as needs
 * leave the lists without a write when their closing time passes or their owner is suspended;
 * the rankings hold Jakarta's month, whose turn starts a new month's and year's rankings.
 */
export async function readPageVersion(
	db: Database,
	source: PageVersionSource,
): Promise<string | null> {
	const reads = versionReads(db);
	if (source.kind === 'item') {
		const [row] = await reads.item.execute({ itemId: source.itemId });
		if (!row) return null;
		const own = `i${source.itemId}.${row.version}`;
		return row.listed ? own : `${own}.p${row.publicVersion}`;
	}
	if (source.kind === 'needs') {
		const [row] = await reads.needs.execute();
		return row ? `n${row.version}.${Math.floor(Date.now() / 60_000)}` : null;
	}
	const [row] = await reads.public.execute();
	if (!row) return null;
	return source.kind === 'rankings'
		? `p${row.version}.${inJakarta(Date.now()).toISOString().slice(0, 7)}`
		: `p${row.version}`;
}

/**
 * The version reads, prepared once per database: every signed-out page request sends one,
 * the cached and the 304 ones too, so PostgreSQL plans neither again.
 */
const versionReads = preparedStatements((db) => ({
	item: db
		.select({
			version: items.version,
			listed: sql<boolean>`${items.status} = 'AVAILABLE' and ${items.hiddenAt} is null`,
			publicVersion: sql<string>`(select ${publicPageState.version} from ${publicPageState}
				where ${publicPageState.id} = 1)`,
		})
		.from(items)
		.where(eq(items.id, sql.placeholder('itemId')))
		.prepare('page_version_item'),
	public: db
		.select({ version: publicPageState.version })
		.from(publicPageState)
		.where(eq(publicPageState.id, 1))
		.prepare('page_version_public'),
	needs: db
		.select({ version: needListState.version })
		.from(needListState)
		.where(eq(needListState.id, 1))
		.prepare('page_version_needs'),
}));
