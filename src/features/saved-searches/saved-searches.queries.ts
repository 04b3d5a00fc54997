/** Saved searches for TanStack Query: the caller's list and the writes that change it. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { apiFetch } from '~/lib/api-client';
import type { SavedSearch } from './saved-searches';
import type { saveBody } from './saved-searches.routes';

/** What `/items` saves: its words, category and place as the URL carries them. */
export type SearchToSave = z.input<typeof saveBody>;

/** The caller's saved searches, changed only by the page's own writes. */
export function savedSearchesQuery() {
	return queryOptions({
		queryKey: ['savedSearches'] as const,
		queryFn: ({ signal }) => apiFetch<SavedSearch[]>('/saved-searches', { signal }),
		staleTime: Infinity,
	});
}

/** `POST /saved-searches`. */
export function saveSearchRequest(search: SearchToSave): Promise<SavedSearch> {
	return apiFetch<SavedSearch>('/saved-searches', {
		method: 'POST',
		body: JSON.stringify(search),
	});
}

/** `DELETE /saved-searches/{id}`. */
export function deleteSavedSearchRequest(id: number): Promise<void> {
	return apiFetch<void>(`/saved-searches/${id}`, { method: 'DELETE' });
}
