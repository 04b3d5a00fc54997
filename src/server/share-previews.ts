import { renderSharePreview } from './images';
import { sharePreviewSource, type Storage } from './storage';

/**
 * The link preview stored under `key` (`sharePreviewKey`), made from its WebP on the first
 * request and kept beside it; `null` when the WebP is gone. Made on request rather than at upload:
 * only the photos someone shares cost the work, and photos stored before previews existed get one
 * too.
 */
export async function storedSharePreview(storage: Storage, key: string): Promise<Buffer | null> {
	const sourceKey = sharePreviewSource(key);
	if (!sourceKey) return null;
	const stored = await storage.get(key);
	if (stored) return stored;
	const source = await storage.get(sourceKey);
	if (!source) return null;
	const preview = await renderSharePreview(source);
	await storage.put(key, preview, 'image/jpeg');
	// `deleteFiles` removes the WebP first and its preview after: if the WebP went while the
	// preview was made, the deletion may have passed before it was written.
	if (!(await storage.get(sourceKey))) {
		await storage.delete(key);
		return null;
	}
	return preview;
}
