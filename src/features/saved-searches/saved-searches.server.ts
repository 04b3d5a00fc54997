import { and, desc, eq, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { savedSearchLimits } from '~/config/limits';
import { itemListSearch, defaultItemListView } from '~/features/items/item-list-url';
import type { Category } from '~/features/items/items';
import { linkPlaceCode } from '~/features/places/places';
import { placeDirectory, placeFilterOf } from '~/features/places/places.server';
import type { Database } from '~/server/db/client';
import { savedSearches } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { type SavedSearch, savedSearchLabel, type SavedSearchTarget } from './saved-searches';
import type { saveBody } from './saved-searches.routes';

/** What a visitor saves: the list's words, category and place, and the list it is from. */
export type SavedSearchInput = z.output<typeof saveBody>;

type Row = typeof savedSearches.$inferSelect;

function savedSearchView(row: Row): SavedSearch {
	return {
		id: row.id,
		label: row.label,
		query: itemListSearch({
			...defaultItemListView,
			search: row.search ?? '',
			category: (row.category as Category | null) ?? null,
			province: row.provinceCode && linkPlaceCode(row.provinceCode),
			regency: row.regencyCode && linkPlaceCode(row.regencyCode),
		}),
		targets: row.targets as SavedSearchTarget,
		createdAt: row.createdAt.toISOString(),
	};
}

/** The caller's saved searches, newest first. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearch[]> {
	const rows = await db
		.select()
		.from(savedSearches)
		.where(eq(savedSearches.userId, userId))
		.orderBy(desc(savedSearches.id));
	return rows.map(savedSearchView);
}

/**
 * Saves a search, labelled in the caller's language. A search with nothing in it would match
 * every item, so it is refused; so is one past the limit. The same search saved again is the
 * one already saved; saved again from the other list, it follows both lists (`all`).
 */
export async function saveSearch(
	db: Database,
	userId: string,
	input: SavedSearchInput,
	t: TFunction,
): Promise<{ saved: SavedSearch; created: boolean }> {
	const search = input.search?.trim().toLowerCase() || null;
	const place = await placeFilterOf({ province: input.province, regency: input.regency });
	if (!search && !input.category && !place) {
		const key = 'savedSearches.errors.empty';
		throw new AppError('VALIDATION_ERROR', { search: key }, undefined, { key });
	}
	const places = await placeDirectory();
	const regencyCode = place?.level === 'regency' ? place.code : null;
	const provinceCode = place ? place.code.slice(0, 2) : null;
	const placeName = regencyCode
		? places.regency.get(regencyCode)?.name
		: provinceCode && places.province.get(provinceCode)?.name;
	const values = {
		userId,
		search,
		category: input.category ?? null,
		provinceCode,
		regencyCode,
		targets: input.targets,
		label: savedSearchLabel([
			input.search?.trim(),
			input.category && t(`item.category.${input.category}`),
			placeName,
		]),
	};
	return db.transaction(async (tx) => {
		// One save at a time per person, so two at once cannot both pass the limit.
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
		const mine = await tx.select().from(savedSearches).where(eq(savedSearches.userId, userId));
		const same = mine.find(
			(row) =>
				row.search === values.search &&
				row.category === values.category &&
				row.provinceCode === values.provinceCode &&
				row.regencyCode === values.regencyCode,
		);
		if (same && same.targets !== 'all' && same.targets !== values.targets) {
			const [both] = await tx
				.update(savedSearches)
				.set({ targets: 'all' })
				.where(eq(savedSearches.id, same.id))
				.returning();
			return { saved: savedSearchView(both!), created: false };
		}
		if (same) return { saved: savedSearchView(same), created: false };
		if (mine.length >= savedSearchLimits.perUser) throw new AppError('SAVED_SEARCH_LIMIT');
		const [row] = await tx.insert(savedSearches).values(values).returning();
		return { saved: savedSearchView(row!), created: true };
	});
}

/** Deletes one of the caller's saved searches; NOT_FOUND when they have none with that id. */
export async function deleteSavedSearch(db: Database, userId: string, id: number): Promise<void> {
	const deleted = await db
		.delete(savedSearches)
		.where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
		.returning({ id: savedSearches.id });
	if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
