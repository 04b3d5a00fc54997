import { afterEach, describe, expect, it } from 'vitest';
import { mediaKeyOf, mediaUrl, sharePreviewPath, useMediaBaseUrl } from './storage';

describe('MEDIA_BASE_URL', () => {
	afterEach(() => useMediaBaseUrl(null));
	const key = 'items/0123456789abcdef0123456789abcdef-1280.webp';

	it('serves photos from the site’s /media/ without it', () => {
		expect(mediaUrl(key)).toBe(`/media/${key}`);
		expect(mediaKeyOf(`https://hibahin.id/media/${key}`)).toBe(key);
	});

	it('serves photos from the bucket or CDN, and link previews still from the site', () => {
		useMediaBaseUrl('https://photos.example.com/hibahin');
		const url = mediaUrl(key);
		expect(url).toBe(`https://photos.example.com/hibahin/${key}`);
		expect(mediaKeyOf(url)).toBe(key);
		expect(mediaKeyOf(`/media/${key}`)).toBe(key);
		expect(sharePreviewPath(url)).toBe(
			'/media/items/0123456789abcdef0123456789abcdef-1280-share.jpg',
		);
		expect(mediaUrl('items/0123456789abcdef0123456789abcdef-1280-share.jpg')).toMatch(/^\/media\//);
	});
});
