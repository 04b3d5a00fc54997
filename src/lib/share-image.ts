/**
 * A page's link preview (`og:image`). Always a 1200×630 JPEG, which every scraper shows (some
 * show no WebP): the site's own image, or a preview made from a stored photo
 * (`storedSharePreview`).
 */
export interface ShareImage {
	/** The image's path on the site, e.g. `/share/id.jpg`. */
	path: string;
	alt: string;
}

/** The size of every link preview: the 1.91:1 that Facebook, WhatsApp and X show whole. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** The site's own link preview in `locale`, drawn by `scripts/share-images.mjs`. */
export function siteShareImagePath(locale: string): string {
	return `/share/${locale}.jpg`;
}
