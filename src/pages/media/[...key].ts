import type { APIRoute } from 'astro';
import { getServerContext } from '~/app/context';
import { storedSharePreview } from '~/server/share-previews';
import { isPublicStorageKey, sharePreviewSource, storedContentType } from '~/server/storage';

export const prerender = false;

/**
 * Stored photos: only re-encoded WebP files under random names, and the JPEG link previews made
 * from them, so they never change and can be cached for good. `nosniff` keeps browsers from
 * reading them as anything else.
 */
export const GET: APIRoute = async ({ params }) => {
	const key = params.key ?? '';
	const notFound = () => new Response(null, { status: 404 });
	// Private files (organisations' documents) are served only by routes that check who asks.
	if (!isPublicStorageKey(key)) return notFound();
	const { storage } = await getServerContext();
	const file = sharePreviewSource(key)
		? await storedSharePreview(storage, key)
		: await storage.get(key);
	if (!file) return notFound();
	return new Response(new Uint8Array(file), {
		headers: {
			'Content-Type': storedContentType(key),
			'Cache-Control': 'public, max-age=31536000, immutable',
			'X-Content-Type-Options': 'nosniff',
			'Content-Security-Policy': "default-src 'none'",
		},
	});
};
