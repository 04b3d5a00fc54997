import { placeLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import type { CityOption } from './places';
import { placeDirectory } from './places.server';

/**
 * A city with something listed there (available items, open needs): what its page, the sitemap
 * and the lists of cities show.
 */
export interface ListedCity extends CityOption {
	provinceName: string;
	/** What is listed there. */
	count: number;
	/** When the newest change to one of them was made (ISO). */
	lastModified: string;
}

/** One row of a count grouped by city or regency code. */
export interface CityCount {
	code: string | null;
	count: number;
	lastModified: Date | null;
}

/** The counted cities of the official list, with their provinces, by name. */
async function citiesOf(rows: CityCount[]): Promise<ListedCity[]> {
	const places = await placeDirectory();
	return rows
		.flatMap((row) => {
			const city = row.code ? places.regency.get(row.code) : undefined;
			const province = city && places.province.get(city.code.slice(0, 2));
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
}

/**
 * Every city or regency with something listed, by name, from `countByCity`: counted once per
 * version of the list (`listVersion`, which changes with every change to what it lists), so a new
 * listing shows at once and an unchanged list costs one small read.
 */
export function listedCities<Version>(
	listVersion: (db: Database) => Promise<Version>,
	countByCity: (db: Database) => Promise<CityCount[]>,
): (db: Database) => Promise<ListedCity[]> {
	const counted = new WeakMap<Database, { version: Version; cities: ListedCity[] }>();
	return async (db) => {
		// Read before the count: a change between the two leaves the count newer, never older.
		const version = await listVersion(db);
		const known = counted.get(db);
		if (known && known.version === version) return known.cities;
		const cities = await citiesOf(await countByCity(db));
		counted.set(db, { version, cities });
		return cities;
	};
}

/**
 * The cities a list links to: those with the most listed, by name. The others are reached from
 * any city page and the sitemap.
 */
export function busiestCities(cities: ListedCity[]): ListedCity[] {
	return cities
		.toSorted((a, b) => b.count - a.count)
		.slice(0, placeLimits.citiesOnList)
		.sort((a, b) => a.name.localeCompare(b.name, 'id'));
}
