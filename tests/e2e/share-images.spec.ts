/**
 * Link previews: every page names a 1200×630 JPEG as its `og:image` (some scrapers show no WebP),
 * on the public origin, and the image answers as a JPEG of that size.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signUpComplete, test, uniquePhoneDigits } from './support/accounts';
import { listItem } from './support/items';

/** The page's link-preview tags. */
async function shareTags(page: Page) {
	const meta = (attribute: 'property' | 'name', name: string) =>
		page.locator(`head meta[${attribute}="${name}"]`).getAttribute('content');
	return {
		image: await meta('property', 'og:image'),
		type: await meta('property', 'og:image:type'),
		width: await meta('property', 'og:image:width'),
		height: await meta('property', 'og:image:height'),
		alt: await meta('property', 'og:image:alt'),
		card: await meta('name', 'twitter:card'),
		twitterImage: await meta('name', 'twitter:image'),
	};
}

/** Checks the tags of the page as it is now, and that the image is what they say. */
async function expectJpegPreview(page: Page, request: APIRequestContext, baseURL: string) {
	const tags = await shareTags(page);
	expect(tags).toMatchObject({
		type: 'image/jpeg',
		width: '1200',
		height: '630',
		card: 'summary_large_image',
		twitterImage: tags.image,
	});
	expect(tags.alt).toBeTruthy();
	expect(tags.image?.startsWith(`${baseURL}/`), tags.image ?? '').toBe(true);
	const response = await request.get(tags.image!);
	expect(response.status()).toBe(200);
	expect(response.headers()['content-type']).toBe('image/jpeg');
	const metadata = await sharp(await response.body()).metadata();
	expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
	return tags.image!;
}

test('the home page shares the site’s own image, in its language', async ({
	page,
	request,
	baseURL,
}) => {
	for (const [path, image] of [
		['/', '/share/id.jpg'],
		['/en', '/share/en.jpg'],
	] as const) {
		await page.goto(path);
		expect(await expectJpegPreview(page, request, baseURL!)).toBe(`${baseURL}${image}`);
	}
});

test('an item page shares its cover as a JPEG, which goes when the item goes', async ({
	page,
	request,
	baseURL,
}) => {
	test.setTimeout(120_000);
	await signUpComplete(page);
	const item = await listItem(page, `Lemari ${randomInt(1e6)}`, 2);
	await page.goto(`/en/items/${item.id}`);
	const image = await expectJpegPreview(page, request, baseURL!);
	expect(image).toBe(new URL(item.photos[0]!.src.replace(/\.webp$/, '-share.jpg'), baseURL).href);

	const deleted = await page.request.delete(`/api/items/${item.id}`, {
		headers: { Origin: baseURL! },
	});
	expect(deleted.status()).toBe(204);
	expect((await request.get(image)).status()).toBe(404);
});

test('a public profile shares the member’s photo as a JPEG', async ({ page, request, baseURL }) => {
	test.setTimeout(120_000);
	const { profile } = await signUpComplete(page);
	const avatar = await sharp({
		create: { width: 400, height: 400, channels: 3, background: '#2a7' },
	})
		.png()
		.toBuffer();
	const saved = await page.request.put('/api/profile', {
		headers: { Origin: baseURL! },
		data: {
			name: profile.name,
			phone: `+62${uniquePhoneDigits()}`,
			address: profile.address,
			areaId: '31.74.07',
			imageUrl: `data:image/png;base64,${avatar.toString('base64')}`,
		},
	});
	expect(saved.status(), await saved.text()).toBe(200);
	const { userId, profile: stored } = (
		(await saved.json()) as { data: { userId: string; profile: { imageUrl: string } } }
	).data;
	await page.goto(`/profile/${userId}`);
	expect(await expectJpegPreview(page, request, baseURL!)).toBe(
		new URL(stored.imageUrl.replace(/\.webp$/, '-share.jpg'), baseURL).href,
	);
});
