/**
 * The installable app: where its parts live and its web app manifest, one per language. Pure, so
 * the pages, the service worker and the tests share it.
 */
import type { TFunction } from 'i18next';
import { type Locale, localeOfPath, localizePath } from '~/lib/i18n/locales';

/** The theme's deep green (`--color-primary`) and warm paper (`--color-base-100`) in hex. */
export const appColors = { theme: '#1f6f57', background: '#fdfbf6' } as const;

/** The icons made from the favicon by `scripts/app-icons.mjs`, under `public/icons/`. */
export const appIcons = {
	any192: '/icons/icon-192.png',
	any512: '/icons/icon-512.png',
	maskable512: '/icons/maskable-512.png',
	appleTouch: '/icons/apple-touch-icon.png',
	/** White on transparent: Android draws the status bar's notification badge from its alpha. */
	badge: '/icons/badge-96.png',
} as const;

/** The service worker's address; its scope is the whole site. */
export const serviceWorkerPath = '/sw.js';

/** The query parameter that tells the listing form photos were shared into it. */
export const sharedPhotosParam = 'shared';

/** The form field the share sheet puts its files in (`share_target.params.files`). */
export const sharedPhotosField = 'photos';

/** The image types the app accepts from the share sheet, as the photo field does. */
export const sharedPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The message a waiting service worker takes as the visitor's word to start now. */
export const skipWaitingMessage = 'skip-waiting';

/** Where a shared photo waits in Cache Storage: an address of the site that no route serves. */
export const sharedPhotoPrefix = (id: string): string => `/shared-photos/${id}/`;
export const sharedPhotoKey = (id: string, index: number): string =>
	`${sharedPhotoPrefix(id)}${index}`;

/** Where the share sheet posts in `locale`: `/share-target`, `/en/share-target`. */
export const shareTargetPath = (locale: Locale): string => localizePath('/share-target', locale);

/** Whether `pathname` is a share sheet's action, in either language. */
export function isShareTargetPath(pathname: string): boolean {
	const path = pathname.replace(/(.)\/+$/, '$1');
	return path === shareTargetPath(localeOfPath(path));
}

/** The page shown for a page not saved on the device while offline. */
export const offlinePath = (locale: Locale): string => localizePath('/offline', locale);

/** The manifest of `locale`'s app. */
export const manifestPath = (locale: Locale): string =>
	localizePath('/manifest.webmanifest', locale);

/** The listing form after a share, with the marker of the kept photos when there are some. */
export function donatePathAfterShare(locale: Locale, sharedId?: string): string {
	const path = localizePath('/donate-item', locale);
	return sharedId ? `${path}?${new URLSearchParams({ [sharedPhotosParam]: sharedId })}` : path;
}

/**
 * The web app manifest of `locale`: its own `id` and start page, so each language installs as
 * its own app; scope over the whole site, which the sign-in pages belong to.
 */
export function webAppManifest(locale: Locale, { title, t }: { title: string; t: TFunction }) {
	const icon = (src: string, size: number, purpose: 'any' | 'maskable') => ({
		src,
		sizes: `${size}x${size}`,
		type: 'image/png',
		purpose,
	});
	const home = localizePath('/', locale);
	return {
		id: home,
		name: title,
		short_name: title,
		description: t('app.manifest.description'),
		lang: locale,
		dir: 'ltr',
		start_url: home,
		scope: '/',
		display: 'standalone',
		orientation: 'portrait',
		theme_color: appColors.theme,
		background_color: appColors.background,
		categories: ['shopping', 'lifestyle'],
		icons: [
			icon(appIcons.any192, 192, 'any'),
			icon(appIcons.any512, 512, 'any'),
			icon(appIcons.maskable512, 512, 'maskable'),
		],
		shortcuts: [
			{ name: t('app.manifest.donate'), url: localizePath('/donate-item', locale) },
			{ name: t('app.manifest.myRequests'), url: localizePath('/my-requests', locale) },
		].map((shortcut) => ({ ...shortcut, icons: [icon(appIcons.any192, 192, 'any')] })),
		share_target: {
			action: shareTargetPath(locale),
			method: 'POST',
			enctype: 'multipart/form-data',
			params: {
				title: 'title',
				text: 'text',
				url: 'url',
				files: [{ name: sharedPhotosField, accept: [...sharedPhotoTypes] }],
			},
		},
	};
}

/** A manifest as served. */
export type WebAppManifest = ReturnType<typeof webAppManifest>;

/** What the browser tells about itself for installing. */
interface BrowserFacts {
	userAgent: string;
	maxTouchPoints: number;
	/** Opened from the Home Screen already (`navigator.standalone`, `display-mode: standalone`). */
	standalone: boolean;
}

/**
 * Whether to offer the steps of adding the site to the Home Screen: Safari on an iPhone or iPad
 * (which calls itself a Mac with a touch screen) has no install prompt, and notifications work
 * there only once the site is added.
 */
export function needsHomeScreenSteps({ userAgent, maxTouchPoints, standalone }: BrowserFacts) {
	if (standalone || !/Safari\//.test(userAgent) || /CriOS|FxiOS|EdgiOS/.test(userAgent)) {
		return false;
	}
	return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
