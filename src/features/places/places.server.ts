import { displayProvinceName, displayRegencyName } from '~/features/areas/areas.server';
import { AppError } from '~/server/http/errors';
import {
	type CityOption,
	citySlug,
	type ItemPickup,
	type PlaceFilter,
	type PlaceLevel,
	placeCode,
	placeLevels,
	type PlaceOption,
} from './places';

/** The official directory of provinces, cities/regencies and districts, by code. */
export interface PlaceDirectory {
	provinces: readonly PlaceOption[];
	/** Cities and regencies of each province, by the province's code, in alphabetical order. */
	regenciesOf: ReadonlyMap<string, readonly CityOption[]>;
	province: ReadonlyMap<string, PlaceOption>;
	regency: ReadonlyMap<string, CityOption>;
	/** City pages: each city or regency by its slug. */
	citiesBySlug: ReadonlyMap<string, CityOption>;
	/** Each district as an item's pickup area. */
	district: ReadonlyMap<string, ItemPickup>;
}

const byName = (a: PlaceOption, b: PlaceOption) => a.name.localeCompare(b.name, 'id');

async function loadDirectory(): Promise<PlaceDirectory> {
	// Imported on first use, like the area search: parsing the lists takes tens of milliseconds.
	const data = await import('idn-area-data');
	const [provinceRows, regencyRows, districtRows] = await Promise.all([
		data.getProvinces(),
		data.getRegencies(),
		data.getDistricts(),
	]);
	const province = new Map<string, PlaceOption>();
	for (const row of provinceRows) {
		if (row.code && row.name) {
			province.set(row.code, { code: row.code, name: displayProvinceName(row.name) });
		}
	}
	const regency = new Map<string, CityOption & { provinceCode: string }>();
	const regenciesOf = new Map<string, CityOption[]>();
	for (const row of regencyRows) {
		if (!row.code || !row.name || !province.has(row.province_code)) continue;
		const name = displayRegencyName(row.name);
		const city = { code: row.code, name, slug: citySlug(name) };
		regency.set(row.code, { ...city, provinceCode: row.province_code });
		regenciesOf.set(row.province_code, [...(regenciesOf.get(row.province_code) ?? []), city]);
	}
	for (const list of regenciesOf.values()) list.sort(byName);
	const district = new Map<string, ItemPickup>();
	for (const row of districtRows) {
		const city = regency.get(row.regency_code);
		if (!row.code || !row.name || !city) continue;
		district.set(row.code, {
			provinceCode: city.provinceCode,
			provinceName: province.get(city.provinceCode)!.name,
			regencyCode: city.code,
			regencyName: city.name,
			districtCode: row.code,
			districtName: row.name,
		});
	}
	return {
		provinces: [...province.values()].sort(byName),
		regenciesOf,
		province,
		regency,
		citiesBySlug: new Map([...regency.values()].map((city) => [city.slug, city])),
		district,
	};
}

let directory: Promise<PlaceDirectory> | undefined;

/** The directory, loaded once per process: the official lists never change while it runs. */
export function placeDirectory(): Promise<PlaceDirectory> {
	directory ??= loadDirectory().catch((error: unknown) => {
		directory = undefined;
		throw error;
	});
	return directory;
}

/** The pickup area of a district code, or null when no district has it. */
export async function pickupOfDistrict(code: string): Promise<ItemPickup | null> {
	return (await placeDirectory()).district.get(code) ?? null;
}

/** An item's pickup columns (`items.pickup*`) for a pickup area; all empty for none. */
export function pickupColumns(pickup: ItemPickup | null) {
	return {
		pickupProvinceCode: pickup?.provinceCode ?? null,
		pickupProvinceName: pickup?.provinceName ?? null,
		pickupRegencyCode: pickup?.regencyCode ?? null,
		pickupRegencyName: pickup?.regencyName ?? null,
		pickupDistrictCode: pickup?.districtCode ?? null,
		pickupDistrictName: pickup?.districtName ?? null,
	};
}

/** Whether the directory knows a code of that level. */
function isKnown(places: PlaceDirectory, level: PlaceLevel, code: string): boolean {
	return (
		level === 'province' ? places.province : level === 'regency' ? places.regency : places.district
	).has(code);
}

/** A place code of a link or query that names no place, or one outside the wider place given. */
function refusedPlace(level: PlaceLevel, key: string): AppError {
	return new AppError('VALIDATION_ERROR', { [level]: key }, undefined, { key });
}

/**
 * The place filter of a list query (`?province=32&regency=3273`): the narrowest level given,
 * after checking that every code names a place and each lies inside the wider one.
 */
export async function placeFilterOf(
	query: Partial<Record<PlaceLevel, string | undefined>>,
): Promise<PlaceFilter | undefined> {
	let filter: PlaceFilter | undefined;
	for (const level of placeLevels) {
		const raw = query[level];
		if (raw === undefined || raw === '') continue;
		const code = placeCode(level, raw);
		if (!code || !isKnown(await placeDirectory(), level, code)) {
			throw refusedPlace(level, `items.errors.unknownPlace.${level}`);
		}
		if (filter && !code.startsWith(`${filter.code}.`)) {
			throw refusedPlace(level, 'items.errors.placeOutside');
		}
		filter = { level, code };
	}
	return filter;
}
