/** The place lists for TanStack Query: a province's cities, fetched once per page view. */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import type { CityOption } from './places';

/** The cities and regencies of a province (`GET /places/provinces/{code}/regencies`). */
export function regenciesQuery(province: string) {
	return queryOptions({
		queryKey: ['places', 'regencies', province] as const,
		queryFn: async ({ signal }) =>
			(
				await apiFetch<{ regencies: CityOption[] }>(`/places/provinces/${province}/regencies`, {
					signal,
				})
			).regencies,
		// The official list does not change while the page is open.
		staleTime: Infinity,
	});
}
