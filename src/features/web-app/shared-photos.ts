import { sharedPhotosCache } from './cache-rules';
import { sharedPhotoPrefix, sharedPhotosParam } from './web-app';

/**
 * The photos shared into the app under `id` (the listing form's `?shared=` marker), as files the
 * form takes as if picked. Every share kept is then forgotten, this one and any never opened, and
 * the marker leaves the address so a reload does not look again. Loaded only with the marker.
 */
export async function takeSharedPhotos(id: string): Promise<File[]> {
	const url = new URL(window.location.href);
	url.searchParams.delete(sharedPhotosParam);
	window.history.replaceState(window.history.state, '', url);
	if (!('caches' in window)) return [];
	const cache = await caches.open(sharedPhotosCache);
	const prefix = new URL(sharedPhotoPrefix(id), window.location.origin).href;
	const indexOf = (key: Request) => Number(key.url.slice(prefix.length));
	const keys = (await cache.keys())
		.filter((key) => key.url.startsWith(prefix))
		.sort((a, b) => indexOf(a) - indexOf(b));
	const files = await Promise.all(
		keys.map(async (key) => {
			const kept = await cache.match(key);
			if (!kept) return null;
			const blob = await kept.blob();
			const name = decodeURIComponent(kept.headers.get('X-File-Name') ?? '') || 'photo';
			return new File([blob], name, { type: kept.headers.get('Content-Type') ?? blob.type });
		}),
	);
	await caches.delete(sharedPhotosCache);
	return files.filter((file) => file !== null);
}
