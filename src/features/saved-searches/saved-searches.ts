/** Saved searches as the API returns them and the label that names each. Browser-safe. */

import type { z } from 'zod/mini';
import type { savedSearchSchema } from './saved-searches.routes';

/** What a saved search matches: new items, new needs, or both. */
export const savedSearchTargets = ['items', 'needs', 'all'] as const;
export type SavedSearchTarget = (typeof savedSearchTargets)[number];

/** The list a saved search opens: `/needs` for a needs search, else `/items`. */
export function savedSearchListPath(targets: SavedSearchTarget): '/items' | '/needs' {
	return targets === 'needs' ? '/needs' : '/items';
}

/** A saved search (docs/product-rules.md#saved-searches). */
export type SavedSearch = z.output<typeof savedSearchSchema>;

/** The label of a search: its words, category and place, joined by middle dots. */
export function savedSearchLabel(parts: readonly (string | null | undefined)[]): string {
	return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
