/**
 * Areas (districts, kecamatan) as the product shows them: the shape shared by the profile form,
 * the API and both directories, and the rules for typing a search. Browser-safe: no Node imports.
 */

import type { z } from 'zod/mini';
import type { areaSchema } from './areas.routes';

/** A district as the product shows it (Biteship's field names; docs/product-rules.md#area-search). */
export type Area = z.output<typeof areaSchema>;

/** Shorter queries match too much to be useful, so nobody is asked to wait for them. */
export const areaSearchMinLength = 3;

/** The form waits this long after the last keystroke before it searches. */
export const areaSearchDebounceMs = 500;

/** How many districts a search returns unless asked for another number. */
export const areaSearchLimit = 20;

/** Apostrophes and quotes join the letters around them: "Sa'dan" is typed "sadan". */
const joiningMarks = /['"`‘’“”]/g;
/** Combining marks left after NFKD decomposition, i.e. accents. */
const accents = /\p{M}+/gu;
/** Anything else that is not a letter or digit separates words: "Fak-Fak", "Kep. Seribu". */
const separators = /[^\p{L}\p{N}]+/gu;

/**
 * Lower-cases, trims, folds whitespace and strips accents/punctuation for matching, so that
 * "  KEBAYORAN  Báru " and "kebayoran baru" are the same query. Names are indexed the same way.
 */
export function normalizeAreaQuery(q: string): string {
	return q
		.toLowerCase()
		.normalize('NFKD')
		.replace(accents, '')
		.replace(joiningMarks, '')
		.replace(separators, ' ')
		.trim();
}

/**
 * Whether a typed query is long enough to search, by the count both directories apply: letters
 * and digits after normalizing, so "k-e" (normalized "k e") is still two characters.
 */
export function isSearchableAreaQuery(q: string): boolean {
	return normalizeAreaQuery(q).replaceAll(' ', '').length >= areaSearchMinLength;
}
