/** The profiles' reads for TanStack Query. */
import { queryOptions } from '@tanstack/react-query';
import { profileCheckPolicy, profileCheckRetryDelay } from '~/config/limits';
import { ApiError, apiFetch } from '~/lib/api-client';
import type { ProfileCheck } from './profiles';

/**
 * Whether a failed profile check is tried again, after `failures` earlier retries: while fewer
 * than 3 attempts were made, and never after a 401, which means the session is gone.
 */
export function retriesProfileCheck(failures: number, error: Error): boolean {
	if (error instanceof ApiError && error.status === 401) return false;
	return failures + 1 < profileCheckPolicy.maxAttempts;
}

/**
 * `GET /api/profile/check` (docs/product-rules.md#profile-completeness): fresh for 5 minutes,
 * read again on window focus once stale, retried after 1 s, then 2 s. Only for signed-in
 * visitors: the caller enables it.
 */
export function profileCheckQuery() {
	return queryOptions({
		queryKey: ['profile', 'check'] as const,
		queryFn: ({ signal }) => apiFetch<ProfileCheck>('/profile/check', { signal }),
		staleTime: profileCheckPolicy.staleMs,
		refetchOnWindowFocus: true,
		retry: retriesProfileCheck,
		retryDelay: profileCheckRetryDelay,
	});
}
