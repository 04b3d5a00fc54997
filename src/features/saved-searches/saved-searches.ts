/** Saved searches as the API returns them and the label that names each. Browser-safe. */

/** A saved search (docs/product-rules.md#saved-searches). */
export interface SavedSearch {
	id: number;
	/** "Kursi · Perabot · Kota Bandung", in the language it was saved in. */
	label: string;
	/** The `/items` query string that opens it (`?search=kursi&regency=3273`). */
	query: string;
	createdAt: string;
}

/** The label of a search: its words, category and place, joined by middle dots. */
export function savedSearchLabel(parts: readonly (string | null | undefined)[]): string {
	return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
