/**
 * The notification bell at work (docs/product-rules.md#notifications), in plain TypeScript since
 * every page carries it: TanStack Query's core polls `notificationsQuery`, the badge shows the
 * unread count, and the panel lists the notifications from the server-rendered entry template.
 * Opening the panel marks what it shows read. The panel follows the user menu: Escape closes it
 * and gives focus back to the button; a press elsewhere closes it too.
 */
import { QueryObserver, type QueryObserverResult } from '@tanstack/query-core';
import { apiFetch, type Tagged } from '~/lib/api-client';
import { defaultLocale, isLocale } from '~/lib/i18n/locales';
import { cloneParts, showListState } from '~/lib/list-state';
import { createQueryClient } from '~/lib/query-client';
import { isSignedOut, notificationsQuery } from './notifications.queries';
import type { Notification, NotificationList } from './notifications';
import { badgeText, type BellLabels, bellLabel, notificationEntry } from './notification-view';

/** Which notifications `POST /api/notifications/read` should mark: the listed unread ones, or all. */
function readRequest(list: NotificationList): { ids?: number[] } {
	const ids = list.notifications.filter((notification) => !notification.read).map(({ id }) => id);
	// Unread ones older than the list reaches are marked too: opening the bell reads them all.
	return ids.length === list.unread ? { ids } : {};
}

/** Starts the bell in `bell` (`NotificationBell.astro`'s markup). */
export function startNotificationBell(bell: HTMLElement): void {
	const part = <E extends HTMLElement = HTMLElement>(name: string) =>
		bell.querySelector<E>(`[data-bell-${name}]`)!;
	const button = part<HTMLButtonElement>('button');
	const badge = part('badge');
	const panel = part('panel');
	const list = part<HTMLUListElement>('list');
	const template = part<HTMLTemplateElement>('entry');
	const labels = JSON.parse(bell.dataset['labels'] ?? '{}') as BellLabels;
	const lang = document.documentElement.lang;
	const locale = isLocale(lang) ? lang : defaultLocale;

	const client = createQueryClient();
	client.mount();
	const query = notificationsQuery();
	const observer = new QueryObserver(client, query);
	/** The notifications the open panel lists; a new list (not a 304) is drawn again. */
	let listed: Notification[] | undefined;
	/** What was unread while the panel has been open keeps its marker until it closes. */
	let unreadWhileOpen = new Set<number>();
	let marking = false;

	const isOpen = () => !panel.hidden;

	function showBadge(unread: number) {
		badge.textContent = badgeText(unread);
		badge.hidden = unread === 0;
		button.setAttribute('aria-label', bellLabel(unread, labels));
	}

	function showEntries(notifications: Notification[]) {
		listed = notifications;
		// A link that had focus keeps it when the list is drawn again.
		const focused = list.contains(document.activeElement)
			? (document.activeElement as HTMLElement).dataset['id']
			: undefined;
		const now = new Date();
		list.replaceChildren(
			...notifications.map((notification) => {
				const entry = notificationEntry(notification, locale, now);
				if (entry.unread) unreadWhileOpen.add(entry.id);
				const { fragment, part: slot } = cloneParts(template);
				const link = slot<HTMLAnchorElement>('link');
				link.href = entry.href;
				link.dataset['id'] = String(entry.id);
				slot('text').textContent = entry.text;
				if (unreadWhileOpen.has(entry.id)) {
					slot('text').classList.add('font-semibold');
				} else {
					// The marker keeps its room, so that texts line up, but says nothing.
					slot('marker').replaceChildren();
					slot('marker').classList.add('invisible');
				}
				const time = slot<HTMLTimeElement>('time');
				time.dateTime = entry.dateTime;
				time.textContent = entry.timeAgo;
				return fragment;
			}),
		);
		showListState(panel, notifications.length > 0 ? 'list' : 'empty');
		if (focused) list.querySelector<HTMLElement>(`[data-id="${focused}"]`)?.focus();
	}

	/** Marks what the open panel shows read. */
	async function markRead(shown: NotificationList) {
		if (marking) return;
		marking = true;
		try {
			const { unread } = await apiFetch<{ unread: number }>('/notifications/read', {
				method: 'POST',
				body: JSON.stringify(readRequest(shown)),
			});
			client.setQueryData<Tagged<NotificationList>>(
				query.queryKey,
				(tagged) => tagged && { ...tagged, data: { ...tagged.data, unread } },
			);
		} catch {
			// The count stays; opening the bell again marks them again.
		} finally {
			marking = false;
		}
	}

	function signedOut() {
		close(false);
		bell.hidden = true;
		unsubscribe();
		client.unmount();
		client.clear();
	}

	function show(result: QueryObserverResult<Tagged<NotificationList>>) {
		if (isSignedOut(result.error)) return signedOut();
		// A prerendered page learns here that its visitor is signed in.
		if (!result.isPending) bell.hidden = false;
		const data = result.data?.data;
		showBadge(data?.unread ?? 0);
		if (!isOpen()) return;
		if (!data) {
			showListState(panel, result.isError && !result.isFetching ? 'error' : 'loading');
			return;
		}
		if (data.notifications !== listed) showEntries(data.notifications);
		if (data.unread > 0) void markRead(data);
	}

	function open() {
		panel.hidden = false;
		button.setAttribute('aria-expanded', 'true');
		// Drawn afresh on each opening, so that "5 minutes ago" is counted from now.
		listed = undefined;
		unreadWhileOpen = new Set();
		show(observer.getCurrentResult());
		void observer.refetch({ cancelRefetch: false });
	}

	function close(returnFocus: boolean) {
		if (!isOpen()) return;
		panel.hidden = true;
		button.setAttribute('aria-expanded', 'false');
		if (returnFocus) button.focus();
	}

	const unsubscribe = observer.subscribe(show);
	// A server-rendered page kept the bell's room in the bar: it works from now on.
	bell.classList.remove('invisible');
	button.addEventListener('click', () => (isOpen() ? close(false) : open()));
	part('retry').addEventListener('click', () => void observer.refetch());

	document.addEventListener('keydown', (event) => {
		if (event.key !== 'Escape' || event.defaultPrevented || !isOpen()) return;
		const focus = document.activeElement;
		// Focus comes back from inside the bell, never away from a field elsewhere on the page.
		close(!focus || focus === document.body || bell.contains(focus));
	});
	// A press anywhere else closes it; phones send no click from most of a page.
	document.addEventListener('pointerdown', (event) => {
		if (event.target instanceof Node && !bell.contains(event.target)) close(false);
	});
	// A page restored from the back/forward cache must not come back with the panel open.
	window.addEventListener('pageshow', (event) => {
		if (event.persisted) close(false);
	});
}
