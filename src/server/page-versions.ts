import { eq } from 'drizzle-orm';
import { unlocalizedPath } from '~/lib/i18n/locales';
import type { Database } from './db/client';
import { items, publicPageState } from './db/schema';

/**
 * Which version a signed-out page is made of: an item's page of its item's `version`, a list,
 * city or public profile page of the public page version (drizzle/0011_page_versions.sql).
 */
export type PageVersionSource = { kind: 'item'; itemId: number } | { kind: 'public' };

/** Pages that the whole list of items, a place or a donor's givings can change. */
const publicPages = [/^\/items$/, /^\/items\/in\/[^/]+$/, /^\/profile\/[^/]+$/];

/** The version source of a server-rendered page in either language, or null for other pages. */
export function pageVersionSource(pathname: string): PageVersionSource | null {
	const path = unlocalizedPath(pathname);
	const item = /^\/items\/(\d{1,15})$/.exec(path);
	if (item) return { kind: 'item', itemId: Number(item[1]) };
	return publicPages.some((page) => page.test(path)) ? { kind: 'public' } : null;
}

/**
 * The page's data version: one single-row read by primary key, the only query a page answered
 * with 304 or from the page cache costs. Null for an item that does not exist (its page is a 404,
 * never cached).
 */
export async function readPageVersion(
	db: Database,
	source: PageVersionSource,
): Promise<string | null> {
	if (source.kind === 'item') {
		const [row] = await db
			.select({ version: items.version })
			.from(items)
			.where(eq(items.id, source.itemId));
		return row ? `i${source.itemId}.${row.version}` : null;
	}
	const [row] = await db
		.select({ version: publicPageState.version })
		.from(publicPageState)
		.where(eq(publicPageState.id, 1));
	return row ? `p${row.version}` : null;
}
