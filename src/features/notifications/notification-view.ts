/** What the notification bell shows, decided without the page: its name, badge and entries. */
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { fillText } from '~/lib/list-state';
import { formatTimeAgo } from '~/lib/relative-time';
import type { Notification } from './notifications';

/** The bell's names, translated on the server into the page's language. */
export interface BellLabels {
	/** "Notifications". */
	label: string;
	/** "Notifications, {{unread}} unread". */
	labelUnread: string;
}

/** The badge counts up to this; more shows as `99+`. */
export const badgeMax = 99;

/** The bell button's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unread: number, labels: BellLabels): string {
	return unread > 0 ? fillText(labels.labelUnread, { unread }) : labels.label;
}

/** The badge's text: nothing at 0 (the badge hides), the count, or `99+` past `badgeMax`. */
export function badgeText(unread: number): string {
	if (unread <= 0) return '';
	return unread > badgeMax ? `${badgeMax}+` : String(unread);
}

/** One entry of the bell's list, ready to fill into its template. */
export interface NotificationEntry {
	id: number;
	text: string;
	/** The page it opens, in the page's language (`/en/my-items/7/requests`). */
	href: string;
	/** "5 menit yang lalu" / "5 minutes ago", counted from `now`. */
	timeAgo: string;
	/** The moment itself, for `<time datetime>`. */
	dateTime: string;
	unread: boolean;
}

/** A notification as the bell lists it on a page in `locale`. */
export function notificationEntry(
	notification: Notification,
	locale: Locale,
	now: Date,
): NotificationEntry {
	return {
		id: notification.id,
		text: notification.text,
		href: localizePath(notification.path, locale),
		timeAgo: formatTimeAgo(notification.createdAt, locale, now),
		dateTime: notification.createdAt,
		unread: !notification.read,
	};
}
