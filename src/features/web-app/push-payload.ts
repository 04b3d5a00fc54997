/**
 * What a push message carries and what the service worker shows of it. Pure, so the worker's
 * reading of a payload is tested without a push service.
 */
import type { PushMessage } from '~/features/notifications/push/push';
import { isLocale } from '~/lib/i18n/locales';
import { safeRedirectTarget } from '~/lib/redirect-target';
import { appIcons } from './web-app';

/**
 * Whether `data` is a push message as the push channel sends it (`pushMessage`). Checked by hand
 * rather than with a zod schema: every visitor downloads the worker, and zod would make it ten
 * times larger.
 */
export function isPushPayload(data: unknown): data is PushMessage {
	if (!data || typeof data !== 'object') return false;
	const fields = data as Record<string, unknown>;
	const texts = ['title', 'body', 'url', 'tag'].every((key) => typeof fields[key] === 'string');
	return texts && isLocale(fields['lang']);
}

/** What `showNotification` is called with. */
export interface PushNotification {
	title: string;
	options: {
		body: string;
		tag?: string;
		lang?: string;
		icon: string;
		badge: string;
		data: { url: string };
	};
}

/**
 * The notification of a push message. A payload that does not read still shows the site's name,
 * since a push the worker shows nothing for would be shown by the browser as a generic one; the
 * URL is kept to a path of the site.
 */
export function pushNotificationOf(data: unknown, siteTitle = 'Hibahin'): PushNotification {
	const icons = { icon: appIcons.any192, badge: appIcons.badge };
	if (!isPushPayload(data)) {
		return { title: siteTitle, options: { body: '', ...icons, data: { url: '/' } } };
	}
	const { title, body, url, tag, lang } = data;
	return {
		title,
		options: { body, tag, lang, ...icons, data: { url: safeRedirectTarget(url) } },
	};
}
