/**
 * Where a notification mail's one-click unsubscribe link points (RFC 8058). Safe in the browser.
 */

import { type Locale, localizePath } from '~/lib/i18n/locales';

/** The unsubscribe page of `token` on the site's public address, in `locale`. */
export function unsubscribeUrl(publicUrl: string, locale: Locale, token: string): string {
	return `${new URL(publicUrl).origin}${localizePath(`/unsubscribe/${token}`, locale)}`;
}

const unsubscribePath = /^(?:\/en)?\/unsubscribe\/[\w-]+\/?$/;

/**
 * Whether a request is a mail client's one-click unsubscribe: a `POST` to an unsubscribe link.
 * Mail clients send it without cookies and without the site's origin, so it is the one page
 * post the cross-site check lets through; the link's signed token is its only credential.
 */
export function isUnsubscribePost(method: string, pathname: string): boolean {
	return method === 'POST' && unsubscribePath.test(pathname);
}
