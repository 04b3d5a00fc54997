import type { TFunction } from 'i18next';
import type { PlaceOption } from '~/features/places/places';
import { busiestCities, type ListedCity } from '~/features/places/listed-cities.server';
import { pickupOfDistrict, placeDirectory } from '~/features/places/places.server';
import { saveBody } from '~/features/saved-searches/saved-searches.routes';
import { saveSearch } from '~/features/saved-searches/saved-searches.server';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { AppError } from '~/server/http/errors';
import { log } from '~/server/log';
import { citiesWithNeeds } from './need-cities.server';
import { type NeedListView, parseNeedListView } from './need-list-url';
import { type NeedList, needPageSize } from './need-lists';
import { listNeeds } from './need-lists.server';

/** Everything `/needs` renders, read for one request. */
export interface NeedListPage {
	view: NeedListView;
	/** Null when the list could not be read; `error` then says why. */
	list: NeedList | null;
	error: string | null;
	provinces: readonly PlaceOption[];
	regencies: readonly PlaceOption[];
	canSortNearMe: boolean;
	/** The busiest cities' needs pages, linked below the list. */
	cities: ListedCity[];
	/** What saving the search answered, after the save button's POST. */
	saved: { label: string } | { error: string } | null;
}

/** The message of a refusal, in the page's language. */
function messageOf(error: unknown, t: TFunction): string {
	if (!(error instanceof AppError)) return t('errors.INTERNAL');
	return t((error.explanation?.key ?? `errors.${error.code}`) as 'errors.INTERNAL');
}

/**
 * Saves the list's search for the signed-in visitor who pressed "Save search": the form carries
 * the list's words, category and place.
 */
async function saveNeedSearch(db: Database, user: UserRow, form: FormData, t: TFunction) {
	const fields = Object.fromEntries(
		['search', 'category', 'province', 'regency'].flatMap((name) => {
			const value = form.get(name);
			return typeof value === 'string' && value !== '' ? [[name, value]] : [];
		}),
	);
	const input = saveBody.safeParse({ ...fields, targets: 'needs' });
	if (!input.success) return { error: t('errors.VALIDATION_ERROR') };
	try {
		const { saved } = await saveSearch(db, user.id, input.data, t);
		return { label: saved.label };
	} catch (error) {
		return { error: messageOf(error, t) };
	}
}

/**
 * The needs list as `/needs` (or a city's page, with `regency`) shows it: the URL's view, its
 * page of needs, the filters' places and the busiest cities; and, on a POST of a signed-in
 * visitor, the search saved.
 */
export async function needListPage(
	db: Database,
	request: Request,
	url: URL,
	user: UserRow | null,
	t: TFunction,
): Promise<NeedListPage> {
	const places = await placeDirectory();
	const home = user?.areaId ? await pickupOfDistrict(user.areaId) : null;
	const parsed = parseNeedListView(url.searchParams);
	const view = { ...parsed, near: parsed.near && home !== null };
	const saved =
		request.method === 'POST' && user
			? await saveNeedSearch(db, user, await request.formData(), t)
			: null;
	let list: NeedList | null = null;
	let error: string | null = null;
	try {
		list = await listNeeds(
			db,
			{
				page: view.page,
				limit: needPageSize,
				urgent: view.urgent ? 'true' : 'false',
				...(view.search ? { search: view.search } : {}),
				...(view.category ? { category: view.category } : {}),
				...(view.province ? { province: view.province } : {}),
				...(view.regency ? { regency: view.regency } : {}),
				...(view.near ? { near: 'me' as const } : {}),
			},
			home,
		);
	} catch (failure) {
		if (!(failure instanceof AppError)) log.error({ err: failure }, 'needs page: listNeeds failed');
		error = messageOf(failure, t);
	}
	const regencies = (view.province && places.regenciesOf.get(view.province)) || [];
	const cities = await citiesWithNeeds(db).then(busiestCities, (failure: unknown) => {
		log.error({ err: failure }, 'needs page: counting the cities with needs failed');
		return [];
	});
	return {
		view,
		list,
		error,
		provinces: places.provinces,
		regencies,
		canSortNearMe: home !== null,
		cities,
		saved,
	};
}
