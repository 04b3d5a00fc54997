import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import { drivePages, drivesVersion } from '~/features/drives/drives.server';
import { listVersion } from '~/features/items/item-search.server';
import { citiesWithItems } from '~/features/items/city-pages.server';
import type { Database } from '~/server/db/client';
import { items } from '~/server/db/schema';
import {
	itemsPerSitemapPart,
	type SitemapPage,
	type SitemapPart,
	sitemapIndex,
	sitemapUrlSet,
} from './sitemap';

/** The public pages that are the same for everyone, by their unprefixed path. */
const staticPages = ['/', '/items', '/heroes/rankings', '/support-us', '/terms', '/privacy-policy'];

/** Items anyone may find: available and not hidden (under review, by a moderator, suspended). */
const available = and(eq(items.status, 'AVAILABLE'), isNull(items.hiddenAt));

/**
 * The index: the static pages, the city pages, the drives' pages and one part per 20,000
 * available items.
 */
async function indexXml(db: Database, origin: string): Promise<string> {
	const [[itemState], cities, drives] = await Promise.all([
		db
			.select({ total: count(), lastModified: max(items.updatedAt) })
			.from(items)
			.where(available),
		citiesWithItems(db),
		drivePages(db),
	]);
	const total = Number(itemState?.total ?? 0);
	const newest = itemState?.lastModified
		? new Date(itemState.lastModified).toISOString()
		: undefined;
	const parts: SitemapPart[] = [
		{ name: 'static' },
		...(cities.length > 0 ? [{ name: 'cities', ...(newest ? { lastModified: newest } : {}) }] : []),
		...(drives.length > 0 ? [{ name: 'drives', lastModified: newestChange(drives) }] : []),
		...Array.from({ length: Math.ceil(total / itemsPerSitemapPart) }, (_, index) => ({
			name: `items-${index + 1}`,
			...(newest ? { lastModified: newest } : {}),
		})),
	];
	return sitemapIndex(origin, parts);
}

/** One part of the item pages: available items in the order they were listed. */
async function itemPages(db: Database, part: number): Promise<SitemapPage[]> {
	const rows = await db
		.select({ id: items.id, updatedAt: items.updatedAt })
		.from(items)
		.where(available)
		.orderBy(asc(items.id))
		.limit(itemsPerSitemapPart)
		.offset((part - 1) * itemsPerSitemapPart);
	return rows.map((row) => ({
		path: `/items/${row.id}`,
		lastModified: row.updatedAt.toISOString(),
	}));
}

/** The latest change of a list of pages, as an ISO date. */
function newestChange(pages: readonly { updatedAt: Date }[]): string {
	return new Date(Math.max(...pages.map((page) => page.updatedAt.getTime()))).toISOString();
}

/** The pages a part lists, or null when no part has that name. */
async function partPages(db: Database, name: string): Promise<SitemapPage[] | null> {
	if (name === 'static') return staticPages.map((path) => ({ path }));
	if (name === 'cities') {
		return (await citiesWithItems(db)).map((city) => ({
			path: `/items/in/${city.slug}`,
			lastModified: city.lastModified,
		}));
	}
	if (name === 'drives') {
		// Current and ended drives alike: an ended drive's page keeps its totals.
		const drives = await drivePages(db);
		if (drives.length === 0) return null;
		return drives.map((drive) => ({
			path: `/drives/${drive.id}`,
			lastModified: drive.updatedAt.toISOString(),
		}));
	}
	const part = /^items-([1-9]\d{0,5})$/.exec(name);
	if (!part) return null;
	const pages = await itemPages(db, Number(part[1]));
	return pages.length > 0 ? pages : null;
}

const kept = new WeakMap<Database, Map<string, { version: string; xml: string | null }>>();
/** Parts kept per database: the index, static, cities, drives and the first item parts. */
const partsKept = 64;

/**
 * The sitemap's index (`name` null) or one of its parts, or null for a part that does not exist.
 * Each is built on request and kept until the items' list version or the drives change, so a new
 * item or drive is listed by the next request for its part.
 */
export async function sitemapXml(
	db: Database,
	origin: string,
	name: string | null,
): Promise<string | null> {
	const version = `${await listVersion(db)} ${await drivesVersion(db)}`;
	let cache = kept.get(db);
	if (!cache) {
		cache = new Map();
		kept.set(db, cache);
	}
	const key = `${origin} ${name ?? 'index'}`;
	const known = cache.get(key);
	if (known && known.version === version) return known.xml;
	const pages = name === null ? null : await partPages(db, name);
	const xml =
		name === null
			? await indexXml(db, origin)
			: pages === null
				? null
				: sitemapUrlSet(origin, pages);
	if (cache.size >= partsKept) cache.clear();
	cache.set(key, { version, xml });
	return xml;
}
