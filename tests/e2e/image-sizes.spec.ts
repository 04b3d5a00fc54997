/**
 * Photos in `srcset`s: each `sizes` says how wide its image is drawn, at every breakpoint, so a
 * phone takes a small file and a desktop a large one. Checked by the files the browser asks for
 * and by comparing each `sizes` with the width its image takes on the page.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Item } from '../../src/features/items/items';
import { expect, signedIn, test } from './support/accounts';
import { listItem } from './support/items';

/** A word only this file's items carry, so a search shows them first. */
const tag = `zs${randomBytes(3).toString('hex')}`;
let donor: Awaited<ReturnType<BrowserContext['storageState']>>;
let items: Item[] = [];

test.beforeAll(async ({ browser }) => {
	test.setTimeout(60_000);
	const context = await browser.newContext();
	const page = await context.newPage();
	await signedIn(page);
	items = [await listItem(page, `Rak ${tag} satu`, 2), await listItem(page, `Rak ${tag} dua`, 2)];
	donor = await context.storageState();
	await context.close();
});

/** A page at `width` CSS pixels and `scale` device pixels per CSS pixel, the donor's if asked. */
async function pageAt(
	browser: Browser,
	baseURL: string,
	width: number,
	options: { scale?: number; asDonor?: boolean } = {},
): Promise<Page> {
	const context = await browser.newContext({
		baseURL,
		viewport: { width, height: 900 },
		deviceScaleFactor: options.scale ?? 1,
		...(options.asDonor ? { storageState: donor } : {}),
	});
	return context.newPage();
}

/** The pages with item photos in a `srcset`, as anyone sees them. */
const publicPages = () => ['/', `/items?q=${tag}`, `/en/items/${items[0]!.id}`];

/** Opens `path` and waits until its photos have loaded (the home page fills its cards late). */
async function openWithPhotos(page: Page, path: string): Promise<void> {
	await page.goto(path);
	const photos = page.locator('main img[srcset]:not([srcset=""])');
	await expect(photos.first()).toBeVisible();
	await expect
		.poll(() =>
			photos.evaluateAll((images) =>
				(images as HTMLImageElement[])
					.filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < 900)
					.every((image) => image.complete && image.naturalWidth > 0),
			),
		)
		.toBe(true);
}

/**
 * The widths of the item photos a page asks for (`360` of `/media/items/<key>-360.webp`), opened
 * at `width` px and `scale`×: of this file's items only, or of every item (the home page shows
 * the newest items, which other journeys list too).
 */
async function widthsTaken(
	browser: Browser,
	baseURL: string,
	path: string,
	{ width, scale, anyItem = false }: { width: number; scale: number; anyItem?: boolean },
): Promise<number[]> {
	const own = new Set(items.flatMap((item) => item.photos.map((photo) => photoKey(photo.src))));
	const page = await pageAt(browser, baseURL, width, { scale });
	const widths = new Set<number>();
	page.on('request', (request) => {
		const match = /\/media\/(items\/[0-9a-f]{32})-(\d+)\.webp$/.exec(request.url());
		if (match && (anyItem || own.has(match[1]!))) widths.add(Number(match[2]));
	});
	await openWithPhotos(page, path);
	await page.context().close();
	return [...widths].sort((a, b) => a - b);
}

/** `items/<key>` of a photo's URL. */
const photoKey = (src: string) => /(items\/[0-9a-f]{32})-/.exec(src)![1]!;

/**
 * What each screen takes for the cards and on the item page (its main photo, and thumbnails of
 * 360 px). A 390 px phone at 3× draws a card with 1074 device pixels: the 1280 px file is the
 * right one there.
 */
for (const { title, width, scale, card, itemPage } of [
	{
		title: 'a 390 px phone takes the 360 px photos',
		width: 390,
		scale: 1,
		card: 360,
		itemPage: [360],
	},
	{
		title: 'a 390 px phone at 2× takes the 720 px photos',
		width: 390,
		scale: 2,
		card: 720,
		itemPage: [360, 720],
	},
	{
		title: 'a 1280 px screen takes the 360 px card photos and the 720 px main photo',
		width: 1280,
		scale: 1,
		card: 360,
		itemPage: [360, 720],
	},
]) {
	test(title, async ({ browser, baseURL }) => {
		// Three pages, each in a fresh browser context: over 30 s on a slow machine.
		test.setTimeout(90_000);
		const screen = { width, scale };
		const list = `/items?q=${tag}`;
		expect(await widthsTaken(browser, baseURL!, list, screen), list).toEqual([card]);
		// Other journeys' photos may be smaller than `card`, never larger.
		const home = await widthsTaken(browser, baseURL!, '/', { ...screen, anyItem: true });
		expect(home.length).toBeGreaterThan(0);
		expect(Math.max(...home), `home: ${home.join(', ')}`).toBeLessThanOrEqual(card);
		const itemPath = `/en/items/${items[0]!.id}`;
		expect(await widthsTaken(browser, baseURL!, itemPath, screen), itemPath).toEqual(itemPage);
	});
}

/**
 * Each visible photo with a `srcset`: the width its `sizes` gives at this viewport, worked out
 * the way the browser does (the first entry whose media query matches), beside its drawn width.
 */
function slotsAndWidths(page: Page) {
	return page.locator('main img[srcset]:not([srcset=""])').evaluateAll((images) =>
		(images as HTMLImageElement[])
			.filter((image) => image.getBoundingClientRect().width > 0)
			.map((image) => {
				const slot = () => {
					for (const entry of image.sizes.split(',').map((part) => part.trim())) {
						const media = /^\(.*?\)(?=\s)/.exec(entry)?.[0];
						if (media && !matchMedia(media).matches) continue;
						const probe = document.createElement('div');
						probe.style.cssText = `position:absolute;visibility:hidden;width:${entry.slice(media?.length ?? 0)}`;
						document.body.append(probe);
						const width = probe.getBoundingClientRect().width;
						probe.remove();
						return width;
					}
					return window.innerWidth;
				};
				return {
					image: image.alt || image.currentSrc.split('/').pop(),
					sizes: image.sizes,
					slot: Math.round(slot()),
					drawn: Math.round(image.getBoundingClientRect().width),
				};
			}),
	);
}

test('every photo’s sizes is the width it is drawn at, from 320 to 1440 px', async ({
	browser,
	baseURL,
}) => {
	test.setTimeout(90_000);
	const pages = [
		...publicPages().map((path) => ({ path, asDonor: false })),
		{ path: '/my-items', asDonor: true },
		{ path: `/my-items/${items[0]!.id}/edit`, asDonor: true },
	];
	const mismatches: string[] = [];
	for (const { path, asDonor } of pages) {
		const page = await pageAt(browser, baseURL!, 390, { asDonor });
		await openWithPhotos(page, path);
		for (const width of [320, 360, 390, 640, 768, 1024, 1100, 1280, 1440]) {
			await page.setViewportSize({ width, height: 900 });
			for (const photo of await slotsAndWidths(page)) {
				// A pixel or two of borders aside, the slot is the drawn width.
				if (Math.abs(photo.slot - photo.drawn) > 4) {
					mismatches.push(`${path} at ${width}: ${JSON.stringify(photo)}`);
				}
			}
		}
		await page.context().close();
	}
	expect(mismatches).toEqual([]);
});
