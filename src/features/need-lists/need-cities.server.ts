import { count, max } from 'drizzle-orm';
import { type ListedCity, listedCities } from '~/features/places/listed-cities.server';
import type { Database } from '~/server/db/client';
import { needs } from '~/server/db/schema';
import { listedNeed, needListStamp } from './need-lists.server';

/** Every city or regency with listed needs, by name, counted once per list version and minute. */
export const citiesWithNeeds = listedCities(needListStamp, (db) =>
	db
		.select({ code: needs.regencyCode, count: count(), lastModified: max(needs.updatedAt) })
		.from(needs)
		.where(listedNeed)
		.groupBy(needs.regencyCode),
);

/** The city of a city page's slug while it has listed needs, else null (its page is a 404). */
export async function cityWithNeeds(db: Database, slug: string): Promise<ListedCity | null> {
	return (await citiesWithNeeds(db)).find((city) => city.slug === slug) ?? null;
}
