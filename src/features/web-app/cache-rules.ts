/**
 * What the service worker does with each request, and what it may keep. Pure, so the rules that
 * keep personal data off the device are tested without a browser.
 */
import { localeOfPath } from '~/lib/i18n/locales';
import { isShareTargetPath, offlinePath } from './web-app';

/** The caches of one version of the app; photos and shared files outlive versions. */
export function cacheNamesOf(version: string) {
	return {
		/**
		 * The offline pages and what they load, fetched on install, and every other script and
		 * style of the build as a page loads it.
		 */
		precache: `hibahin-precache-${version}`,
		/** Signed-out pages seen, for a second visit without a connection. */
		pages: `hibahin-pages-${version}`,
		photos: 'hibahin-photos',
		/** Photos shared into the app, until the listing form takes them. */
		shared: sharedPhotosCache,
	};
}

/** The cache shared photos wait in (read by the listing form too). */
export const sharedPhotosCache = 'hibahin-shared';

/** Every cache of the app starts with it: anything else in Cache Storage is left alone. */
export const appCachePrefix = 'hibahin-';

/** How a request is answered. */
export type RequestKind =
	/** A share sheet's POST: the files are kept and the listing form opened. */
	| 'share-target'
	/** Network first, then the page as last seen, then the offline page. */
	| 'page'
	/** A hashed script or style, or islands' texts (named by their hash): the precache first. */
	| 'asset'
	/** An item photo: its own cache first. */
	| 'photo'
	/** Left to the browser: the API, other origins, anything else. */
	| 'network';

interface RequestFacts {
	method: string;
	url: string;
	mode: string;
}

/** How the worker answers `request`, for a site at `origin`. */
export function requestKind(request: RequestFacts, origin: string): RequestKind {
	const url = new URL(request.url);
	if (url.origin !== origin) return 'network';
	if (request.method === 'POST' && isShareTargetPath(url.pathname)) return 'share-target';
	// Answers of the API carry personal data and must be fresh: never touched.
	if (request.method !== 'GET' || url.pathname.startsWith('/api/')) return 'network';
	if (request.mode === 'navigate') return 'page';
	if (url.pathname.startsWith('/_astro/') || url.pathname.startsWith('/texts/')) return 'asset';
	if (url.pathname.startsWith('/media/')) return 'photo';
	return 'network';
}

interface ResponseFacts {
	status: number;
	type: string;
	headers: { get(name: string): string | null };
}

/**
 * Whether a response may be kept on the device: a whole, plain answer of the site that says no
 * one else must not keep it. A signed-in page is `private, no-store` (and would set a cookie), so
 * it never is. Browsers hide `Set-Cookie` from the worker; the rule names it all the same.
 */
export function mayStore(response: ResponseFacts): boolean {
	if (response.status !== 200 || (response.type !== 'basic' && response.type !== 'default')) {
		return false;
	}
	if (response.headers.get('Set-Cookie') !== null) return false;
	const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
	return !/(?:^|[\s,])(?:private|no-store)(?:$|[\s,=])/.test(cacheControl);
}

/** The offline page in the language of the page asked for. */
export function offlinePageFor(url: string): string {
	return offlinePath(localeOfPath(new URL(url).pathname));
}

/** The entries to drop so that at most `max` remain; Cache Storage lists the oldest first. */
export function overflowing<T>(entries: readonly T[], max: number): T[] {
	return entries.slice(0, Math.max(0, entries.length - max));
}

/** The caches of older versions of the app, to delete once this one is active. */
export function staleCaches(names: readonly string[], version: string): string[] {
	const current = new Set(Object.values(cacheNamesOf(version)));
	return names.filter((name) => name.startsWith(appCachePrefix) && !current.has(name));
}
