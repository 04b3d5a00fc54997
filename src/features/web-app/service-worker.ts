/**
 * The service worker, bundled into `/sw.js` after each build with the offline pages to precache
 * and its version (`src/integrations/service-worker.ts`). Pages come from the network first, then
 * as last seen, then the offline page of their language; the build's scripts and styles and item
 * photos come from the device first. Nothing signed-in and nothing of the API is ever kept.
 */
import { appCacheLimits, itemLimits } from '~/config/limits';
import { localeOfPath } from '~/lib/i18n/locales';
import {
	cacheNamesOf,
	mayStore,
	offlinePageFor,
	overflowing,
	requestKind,
	staleCaches,
} from './cache-rules';
import { pushNotificationOf } from './push-payload';
import type { FetchEvent, ServiceWorkerScope } from './service-worker-scope';
import {
	donatePathAfterShare,
	sharedPhotoKey,
	sharedPhotosField,
	skipWaitingMessage,
} from './web-app';

declare const __APP_VERSION__: string;
declare const __PRECACHE__: readonly string[];

const worker = self as unknown as ServiceWorkerScope;
const names = cacheNamesOf(__APP_VERSION__);
const siteUrl = (path: string) => new URL(path, worker.location.origin).href;

worker.addEventListener('install', (event) => {
	event.waitUntil(caches.open(names.precache).then((cache) => cache.addAll(__PRECACHE__)));
});

worker.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			const stale = staleCaches(await caches.keys(), __APP_VERSION__);
			await Promise.all(stale.map((name) => caches.delete(name)));
			// The first visit's page is served by the worker from now on, without a reload.
			await worker.clients.claim();
		})(),
	);
});

// A new version waits until the visitor chooses to reload (the update toast asks it to start).
worker.addEventListener('message', (event) => {
	if (event.data === skipWaitingMessage) void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
	const kind = requestKind(event.request, worker.location.origin);
	if (kind === 'network') return;
	if (kind === 'share-target') event.respondWith(receiveShare(event.request));
	else if (kind === 'page') event.respondWith(answerPage(event));
	else if (kind === 'asset') event.respondWith(deviceFirst(event, names.precache));
	else event.respondWith(deviceFirst(event, names.photos, appCacheLimits.photos));
});

/** Keeps a copy of `response` in `cacheName`, trimmed to `max` entries, oldest first out. */
async function keep(cacheName: string, request: Request, response: Response, max?: number) {
	const cache = await caches.open(cacheName);
	await cache.put(request, response);
	if (max === undefined) return;
	const extra = overflowing(await cache.keys(), max);
	await Promise.all(extra.map((key) => cache.delete(key)));
}

async function answerPage(event: FetchEvent): Promise<Response> {
	const { request } = event;
	try {
		const response = await fetch(request);
		if (mayStore(response)) {
			event.waitUntil(keep(names.pages, request, response.clone(), appCacheLimits.pages));
		}
		return response;
	} catch {
		// Pages vary by cookie, which the worker's requests never show: the stored copy is the
		// signed-out one whoever asks.
		const seen = await caches.match(request, { cacheName: names.pages, ignoreVary: true });
		if (seen) return seen;
		const offline = await caches.match(offlinePageFor(request.url), {
			cacheName: names.precache,
		});
		return offline ?? Response.error();
	}
}

async function deviceFirst(event: FetchEvent, cacheName: string, max?: number): Promise<Response> {
	const { request } = event;
	const kept = await caches.match(request, { cacheName, ignoreVary: true });
	if (kept) return kept;
	const response = await fetch(request);
	if (mayStore(response)) event.waitUntil(keep(cacheName, request, response.clone(), max));
	return response;
}

/**
 * A share from the system's share sheet: the files wait in Cache Storage, and the listing form
 * opens with their marker (through sign-in if need be) and takes them. One more than the form
 * holds is kept, so that it can say why it stopped at five.
 */
async function receiveShare(request: Request): Promise<Response> {
	const locale = localeOfPath(new URL(request.url).pathname);
	try {
		const form = await request.formData();
		const files = form
			.getAll(sharedPhotosField)
			.filter((value): value is File => typeof value !== 'string' && value.size > 0)
			.slice(0, itemLimits.imagesMax + 1);
		if (files.length === 0) return Response.redirect(siteUrl(donatePathAfterShare(locale)), 303);
		const id = crypto.randomUUID();
		const cache = await caches.open(names.shared);
		await Promise.all(
			files.map((file, index) =>
				cache.put(
					siteUrl(sharedPhotoKey(id, index)),
					new Response(file, {
						headers: { 'Content-Type': file.type, 'X-File-Name': encodeURIComponent(file.name) },
					}),
				),
			),
		);
		return Response.redirect(siteUrl(donatePathAfterShare(locale, id)), 303);
	} catch {
		// A share the worker could not read still opens the form, as the server would.
		return Response.redirect(siteUrl(donatePathAfterShare(locale)), 303);
	}
}

worker.addEventListener('push', (event) => {
	let data: unknown = null;
	try {
		data = event.data?.json() ?? null;
	} catch {
		// Not JSON: the site's name is shown rather than nothing.
	}
	const { title, options } = pushNotificationOf(data);
	event.waitUntil(worker.registration.showNotification(title, options));
});

worker.addEventListener('notificationclick', (event) => {
	event.notification.close();
	const data: unknown = event.notification.data;
	const path =
		data && typeof data === 'object' && 'url' in data && typeof data.url === 'string'
			? data.url
			: '/';
	event.waitUntil(openSite(siteUrl(path)));
});

/** Focuses a tab of the site and takes it to `url`, or opens one there. */
async function openSite(url: string): Promise<void> {
	const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
	const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
	if (open) {
		try {
			const focused = await open.focus();
			// Only a tab the worker controls can be navigated; any other gets a new window.
			if (await focused.navigate(url)) return;
		} catch {
			// Falls through to a new window.
		}
	}
	await worker.clients.openWindow(url);
}
