/**
 * Link previews: every page names a 1200×630 JPEG as its `og:image` (some scrapers show no WebP),
 * on the public origin, and the image answers as a JPEG of that size. Read from the HTML the
 * server sends, as a scraper reads it: no script of the page runs.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, signedIn, test } from './support/accounts';
import { listItem } from './support/items';
import { seededArea } from './support/seeded-accounts';

/** The link-preview tags in the head of a page's HTML. */
function shareTags(html: string) {
	const head = html.split(/<\/head>/i)[0] ?? '';
	const tags = new Map<string, string>();
	for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
		const name = /\s(?:property|name)="([^"]*)"/.exec(tag)?.[1];
		const content = /\scontent="([^"]*)"/.exec(tag)?.[1];
		if (name && content !== undefined) tags.set(name, content.replaceAll('&amp;', '&'));
	}
	return {
		image: tags.get('og:image'),
		type: tags.get('og:image:type'),
		width: tags.get('og:image:width'),
		height: tags.get('og:image:height'),
		alt: tags.get('og:image:alt'),
		card: tags.get('twitter:card'),
		twitterImage: tags.get('twitter:image'),
	};
}

/** Checks the tags of the page at `path`, and that the image is what they say. */
async function expectJpegPreview(request: APIRequestContext, path: string, baseURL: string) {
	const page = await request.get(path);
	expect(page.status(), path).toBe(200);
	const tags = shareTags(await page.text());
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

test('the home page shares the site’s own image, in its language', async ({ request, baseURL }) => {
	for (const [path, image] of [
		['/', '/share/id.jpg'],
		['/en', '/share/en.jpg'],
	] as const) {
		expect(await expectJpegPreview(request, path, baseURL!)).toBe(`${baseURL}${image}`);
	}
});

test('an item page shares its cover as a JPEG, which goes when the item goes', async ({
	page,
	request,
	baseURL,
}) => {
	await signedIn(page);
	const item = await listItem(page, `Lemari ${randomInt(1e6)}`, 2);
	const image = await expectJpegPreview(page.request, `/en/items/${item.id}`, baseURL!);
	expect(image).toBe(new URL(item.photos[0]!.src.replace(/\.webp$/, '-share.jpg'), baseURL).href);

	const deleted = await page.request.delete(`/api/items/${item.id}`, {
		headers: { Origin: baseURL! },
	});
	expect(deleted.status()).toBe(204);
	expect((await request.get(image)).status()).toBe(404);
});

test('a public profile shares the member’s photo as a JPEG', async ({ page, baseURL }) => {
	const { profile } = await signedIn(page);
	const avatar = await sharp({
		create: { width: 400, height: 400, channels: 3, background: '#2a7' },
	})
		.png()
		.toBuffer();
	const saved = await page.request.put('/api/profile', {
		headers: { Origin: baseURL! },
		data: {
			name: profile.name,
			phone: `+62${profile.phoneDigits}`,
			address: profile.address,
			areaId: seededArea.id,
			imageUrl: `data:image/png;base64,${avatar.toString('base64')}`,
		},
	});
	expect(saved.status(), await saved.text()).toBe(200);
	const { userId, profile: stored } = (
		(await saved.json()) as { data: { userId: string; profile: { imageUrl: string } } }
	).data;
	expect(await expectJpegPreview(page.request, `/profile/${userId}`, baseURL!)).toBe(
		new URL(stored.imageUrl.replace(/\.webp$/, '-share.jpg'), baseURL).href,
	);
});
