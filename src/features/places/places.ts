/**
 * Places as items and lists use them: the official administrative codes of `idn-area-data`
 * (province "32", city or regency "32.73", district "32.73.04"), an item's pickup area, and the
 * rules for reading codes from a link. Browser-safe: no Node imports.
 */

import type { z } from 'zod/mini';
import type { citySchema, itemPickupSchema, placeSchema } from './places.routes';

/** A province or a city/regency as a filter offers it: "Kota Bandung", code "32.73". */
export type PlaceOption = z.output<typeof placeSchema>;

/** A city or regency with its list pages (`/items/in/<slug>`, `/needs/in/<slug>`). */
export type CityOption = z.output<typeof citySchema>;

/** Where an item is picked up: a district of the official list, with its city and province. */
export type ItemPickup = z.output<typeof itemPickupSchema>;

/** The levels a list can be narrowed to, widest first. */
export const placeLevels = ['province', 'regency', 'district'] as const;
export type PlaceLevel = (typeof placeLevels)[number];

/** A place a list is narrowed to: one province, city/regency or district, by its code. */
export interface PlaceFilter {
	level: PlaceLevel;
	code: string;
}

/** Digits per level: 2 for a province, 4 for a city or regency, 6 for a district. */
const levelDigits: Record<PlaceLevel, number> = { province: 2, regency: 4, district: 6 };

/**
 * A code as typed in a link, with or without its dots ("3273" or "32.73"), in its official form
 * ("32.73"); null when it cannot be a code of that level.
 */
export function placeCode(level: PlaceLevel, raw: string): string | null {
	const digits = raw.trim().replaceAll('.', '');
	if (digits.length !== levelDigits[level] || !/^\d+$/.test(digits)) return null;
	return digits.match(/\d\d/g)!.join('.');
}

/** A code as links carry it: digits only ("3273"), shorter and free of dots to escape. */
export function linkPlaceCode(code: string): string {
	return code.replaceAll('.', '');
}

/** The province and city codes a district code lies in ("32.73.04" → "32", "32.73"). */
export function parentCodes(districtCode: string): { province: string; regency: string } {
	return { province: districtCode.slice(0, 2), regency: districtCode.slice(0, 5) };
}

/** The pickup area as the item detail shows it, city first: "Kota Bandung · Cibeunying Kidul". */
export function pickupLabel(pickup: Pick<ItemPickup, 'regencyName' | 'districtName'>): string {
	return `${pickup.regencyName} · ${pickup.districtName}`;
}

/** The district as the area search shows it: "Cibeunying Kidul, Kota Bandung, Jawa Barat". */
export function pickupAreaName(pickup: ItemPickup): string {
	return `${pickup.districtName}, ${pickup.regencyName}, ${pickup.provinceName}`;
}

/** A city's part of its page's path: "Kota Bandung" → "kota-bandung". */
export function citySlug(name: string): string {
	return name
		.toLowerCase()
		.normalize('NFKD')
		.replace(/\p{M}+/gu, '')
		.replace(/['’]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
}
