import { and, count, eq, isNotNull, isNull, max } from 'drizzle-orm';
import { listedCities } from '~/features/places/listed-cities.server';
import { items } from '~/server/db/schema';
import { listVersion } from './item-search.server';

/**
 * Every city or regency with available items, by name, counted once per list version (which a
 * trigger raises on every change to items).
 */
export const citiesWithItems = listedCities(listVersion, (db) =>
	db
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
		.groupBy(items.pickupRegencyCode),
);
