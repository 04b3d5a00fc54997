import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { locales } from '~/lib/i18n/locales';
import { shareImageSize, siteShareImagePath } from '~/lib/share-image';

const publicDir = join(import.meta.dirname, '../../public');

it.each(locales)('the site’s link preview in %s is a 1200×630 JPEG', async (locale) => {
	const metadata = await sharp(join(publicDir, siteShareImagePath(locale))).metadata();
	expect(metadata).toMatchObject({ format: 'jpeg', ...shareImageSize });
});
