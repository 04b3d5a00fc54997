import { and, count, eq, isNotNull, isNull, max } from 'drizzle-orm';
import { placeLimits } from '~/config/limits';
import type { CityOption } from '~/features/places/places';
import { placeDirectory } from '~/features/places/places.server';
import type { Database } from '~/server/db/client';
import { items } from '~/server/db/schema';
import { listVersion } from './item-search.server';

/** A city with available items: what its page, the sitemap and the list of cities show. */
export interface CityWithItems extends CityOption {
	provinceName: string;
	/** Available items picked up there. */
	count: number;
	/** When the newest change to one of them was made (ISO). */
	lastModified: string;
}

const counted = new WeakMap<Database, { version: number; cities: CityWithItems[] }>();

/**
 * Every city or regency with available items, by name. Counted once per list version (which a
 * trigger raises on every change to items), so a new item shows at once and an unchanged list
 * costs one small read.
 */
export async function citiesWithItems(db: Database): Promise<CityWithItems[]> {
	// Read before the count: a change between the two leaves the count newer, never older.
	const version = await listVersion(db);
	const known = counted.get(db);
	if (known && known.version === version) return known.cities;
	const rows = await db
		.select({
			code: items.pickupRegencyCode,
			count: count(),
			lastModified: max(items.updatedAt),
		})
		.from(items)
		.where(
			and(
				eq(items.status, 'AVAILABLE'),
				isNull(items.hiddenAt),
				isNotNull(items.pickupRegencyCode),
			),
		)
		.groupBy(items.pickupRegencyCode);
	const places = await placeDirectory();
	const cities = rows
		.flatMap((row) => {
			const city = row.code ? places.regency.get(row.code) : undefined;
			const province = city && places.province.get(row.code!.slice(0, 2));
			if (!city || !province) return [];
			return [
				{
					code: city.code,
					name: city.name,
					slug: city.slug,
					provinceName: province.name,
					count: Number(row.count),
					lastModified: new Date(row.lastModified ?? 0).toISOString(),
				},
			];
		})
		.sort((a, b) => a.name.localeCompare(b.name, 'id'));
	counted.set(db, { version, cities });
	return cities;
}

/**
 * The cities `/items` links to: those with the most available items, by name. The others are
 * reached from any city page and the sitemap.
 */
export function busiestCities(cities: CityWithItems[]): CityWithItems[] {
	return cities
		.toSorted((a, b) => b.count - a.count)
		.slice(0, placeLimits.citiesOnList)
		.sort((a, b) => a.name.localeCompare(b.name, 'id'));
}
