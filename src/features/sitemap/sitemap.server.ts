import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import { drivePages, drivesVersion } from '~/features/drives/drives.server';
import { listVersion } from '~/features/items/item-search.server';
import { citiesWithItems } from '~/features/items/city-pages.server';
import { citiesWithNeeds } from '~/features/need-lists/need-cities.server';
import { listedNeed, needListStamp } from '~/features/need-lists/need-lists.server';
import type { Database } from '~/server/db/client';
import { items, needs } from '~/server/db/schema';
import {
	itemsPerSitemapPart,
	type SitemapPage,
	type SitemapPart,
	sitemapIndex,
	sitemapUrlSet,
} from './sitemap';

/** The public pages that are the same for everyone, by their unprefixed path. */
const staticPages = [
	'/',
	'/items',
	'/needs',
	'/heroes/rankings',
	'/support-us',
	'/terms',
	'/privacy-policy',
];

/** Items anyone may find: available and not hidden (under review, by a moderator, suspended). */
const available = and(eq(items.status, 'AVAILABLE'), isNull(items.hiddenAt));

/** How many needs are listed and when the newest change to one was made: what their parts show. */
async function needState(db: Database): Promise<{ total: number; lastModified: string | null }> {
	const [row] = await db
		.select({ total: count(), lastModified: max(needs.updatedAt) })
		.from(needs)
		.where(listedNeed);
	return {
		total: Number(row?.total ?? 0),
		lastModified: row?.lastModified ? new Date(row.lastModified).toISOString() : null,
	};
}

/**
 * The index: the static pages, the city pages, the drives' pages, one part per 20,000 available
 * items, and the needs' city pages and one part per 20,000 open needs.
 */
async function indexXml(db: Database, origin: string): Promise<string> {
	const [[itemState], cities, drives, listedNeeds] = await Promise.all([
		db
			.select({ total: count(), lastModified: max(items.updatedAt) })
			.from(items)
			.where(available),
		citiesWithItems(db),
		drivePages(db),
		needState(db),
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
		...needParts(listedNeeds),
	];
	return sitemapIndex(origin, parts);
}

/** The needs' parts of the index: their city pages and their pages, while any is listed. */
function needParts({ total, lastModified }: Awaited<ReturnType<typeof needState>>): SitemapPart[] {
	const changed = lastModified ? { lastModified } : {};
	if (total === 0) return [];
	return [
		{ name: 'need-cities', ...changed },
		...Array.from({ length: Math.ceil(total / itemsPerSitemapPart) }, (_, index) => ({
			name: `needs-${index + 1}`,
			...changed,
		})),
	];
}

/** One part of the need pages: listed needs in the order they were posted. */
async function needPages(db: Database, part: number): Promise<SitemapPage[]> {
	const rows = await db
		.select({ id: needs.id, updatedAt: needs.updatedAt })
		.from(needs)
		.where(listedNeed)
		.orderBy(asc(needs.id))
		.limit(itemsPerSitemapPart)
		.offset((part - 1) * itemsPerSitemapPart);
	return rows.map((row) => ({
		path: `/needs/${row.id}`,
		lastModified: row.updatedAt.toISOString(),
	}));
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
	if (name === 'need-cities') {
		const cities = await citiesWithNeeds(db);
		return cities.length > 0
			? cities.map((city) => ({ path: `/needs/in/${city.slug}`, lastModified: city.lastModified }))
			: null;
	}
	const part = /^(items|needs)-([1-9]\d{0,5})$/.exec(name);
	if (!part) return null;
	const pages = await (part[1] === 'items' ? itemPages : needPages)(db, Number(part[2]));
	return pages.length > 0 ? pages : null;
}

const kept = new WeakMap<Database, Map<string, { version: string; xml: string | null }>>();
/** Parts kept per database: the index, static, cities, drives and the first item parts. */
const partsKept = 64;

/**
 * The sitemap's index (`name` null) or one of its parts, or null for a part that does not exist.
 * Each is built on request and kept until the items' list version or the drives change, so a new
 * item or drive is listed by the next request for its part; so with needs, whose parts are also
 * rebuilt each minute, as needs leave the lists without a write when their closing time passes.
 */
export async function sitemapXml(
	db: Database,
	origin: string,
	name: string | null,
): Promise<string | null> {
	const [itemVersion, needStamp, driveVersion] = await Promise.all([
		listVersion(db),
		needListStamp(db),
		drivesVersion(db),
	]);
	const version = `${itemVersion} ${needStamp} ${driveVersion}`;
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
