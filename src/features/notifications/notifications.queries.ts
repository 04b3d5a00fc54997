/** The bell's read for TanStack Query (docs/product-rules.md#notifications). */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRevalidate, type Tagged } from '~/lib/api-client';
import { type NotificationList, notificationPollMs } from './notifications';

/** The visitor turned out to be signed out (the session ended, here or in another tab). */
export function isSignedOut(error: unknown): boolean {
	return error instanceof ApiError && error.status === 401;
}

/**
 * The visitor's newest notifications and how many are unread, worded in the page's language.
 * Polled every 30 s while the tab is visible and read again whenever it becomes visible or the
 * window regains focus; each read sends the last `ETag`, so an unchanged list is an empty 304.
 * A visitor found signed out is asked no more.
 */
export function notificationsQuery() {
	return queryOptions({
		queryKey: ['notifications'] as const,
		queryFn: ({ queryKey, signal, client }) =>
			apiRevalidate<NotificationList>(
				'/notifications',
				client.getQueryData<Tagged<NotificationList>>(queryKey),
				signal,
			),
		refetchInterval: (query) => (isSignedOut(query.state.error) ? false : notificationPollMs),
		refetchOnWindowFocus: (query) => !isSignedOut(query.state.error),
	});
}
