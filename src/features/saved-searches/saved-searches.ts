/** Saved searches as the API returns them and the label that names each. Browser-safe. */

import type { z } from 'zod/mini';
import type { savedSearchSchema } from './saved-searches.routes';

/** A saved search (docs/product-rules.md#saved-searches). */
export type SavedSearch = z.output<typeof savedSearchSchema>;

/** The label of a search: its words, category and place, joined by middle dots. */
export function savedSearchLabel(parts: readonly (string | null | undefined)[]): string {
	return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
