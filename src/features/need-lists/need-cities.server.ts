import { count, max } from 'drizzle-orm';
import { placeLimits } from '~/config/limits';
import type { CityOption } from '~/features/places/places';
import { placeDirectory } from '~/features/places/places.server';
import type { Database } from '~/server/db/client';
import { needs } from '~/server/db/schema';
import { listedNeed, needListStamp } from './need-lists.server';

/** A city with open needs: what its page, the sitemap and the lists of cities show. */
export interface CityWithNeeds extends CityOption {
	provinceName: string;
	/** Listed needs there. */
	count: number;
	/** When the newest change to one of them was made (ISO). */
	lastModified: string;
}

const counted = new WeakMap<Database, { stamp: string; cities: CityWithNeeds[] }>();

/**
 * Every city or regency with listed needs, by name, counted once per list version and minute
 * (`needListStamp`).
 */
export async function citiesWithNeeds(db: Database): Promise<CityWithNeeds[]> {
	const stamp = await needListStamp(db);
	const known = counted.get(db);
	if (known?.stamp === stamp) return known.cities;
	const rows = await db
		.select({ code: needs.regencyCode, count: count(), lastModified: max(needs.updatedAt) })
		.from(needs)
		.where(listedNeed)
		.groupBy(needs.regencyCode);
	const places = await placeDirectory();
	const cities = rows
		.flatMap((row) => {
			const city = places.regency.get(row.code);
			const province = city && places.province.get(row.code.slice(0, 2));
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
	counted.set(db, { stamp, cities });
	return cities;
}

/** The city of a city page's slug while it has listed needs, else null (its page is a 404). */
export async function cityWithNeeds(db: Database, slug: string): Promise<CityWithNeeds | null> {
	return (await citiesWithNeeds(db)).find((city) => city.slug === slug) ?? null;
}

/** The cities a needs list links to: those with the most needs, by name. */
export function busiestNeedCities(cities: CityWithNeeds[]): CityWithNeeds[] {
	return cities
		.toSorted((a, b) => b.count - a.count)
		.slice(0, placeLimits.citiesOnList)
		.sort((a, b) => a.name.localeCompare(b.name, 'id'));
}
