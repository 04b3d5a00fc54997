/**
 * Hibahin as an installed app: its manifests and service worker as served, the worker taking
 * over and answering offline, keeping nothing personal, photos shared into the listing form, the
 * menu's install entry and an item's share button on a phone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import enApp from '../../locales/en/app.json' with { type: 'json' };
import enItemForm from '../../locales/en/itemForm.json' with { type: 'json' };
import idApp from '../../locales/id/app.json' with { type: 'json' };
import idItemForm from '../../locales/id/itemForm.json' with { type: 'json' };
import { expect, signedIn, siteOrigin, test } from './support/accounts';
import { fill, type Locale, localePath, translations } from './support/i18n';
import { listItem } from './support/items';

const texts = {
	id: { ...translations.id, app: idApp, itemForm: idItemForm },
	en: { ...translations.en, app: enApp, itemForm: enItemForm },
} satisfies Record<Locale, unknown>;

// The other journeys run without the worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is active, then reloads: the page is then served by it. */
async function underWorker(page: Page): Promise<void> {
	await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
	await page.reload();
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
		.toBe(`${siteOrigin()}/sw.js`);
}

/** Every address kept in Cache Storage, by cache. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
	return page.evaluate(async () => {
		const entries = await Promise.all(
			(await caches.keys()).map(async (name) => {
				const keys = await (await caches.open(name)).keys();
				return [name, keys.map((key) => new URL(key.url).pathname + new URL(key.url).search)];
			}),
		);
		return Object.fromEntries(entries) as Record<string, string[]>;
	});
}

async function photoPng(): Promise<Buffer> {
	return sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a8f6a' } })
		.png()
		.toBuffer();
}

test.describe('the app as served', () => {
	test('serves a manifest per language, its icons and a worker no cache keeps', async ({
		request,
	}) => {
		for (const locale of ['id', 'en'] as const) {
			const response = await request.get(localePath('/manifest.webmanifest', locale));
			expect(response.status()).toBe(200);
			expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
			const manifest = (await response.json()) as {
				lang: string;
				start_url: string;
				description: string;
				icons: { src: string; sizes: string }[];
				share_target: { action: string };
			};
			expect(manifest.lang).toBe(locale);
			expect(manifest.start_url).toBe(localePath('/', locale));
			expect(manifest.description).toBe(texts[locale].app.manifest.description);
			expect(manifest.share_target.action).toBe(localePath('/share-target', locale));
			for (const icon of manifest.icons) {
				const image = await request.get(icon.src);
				expect(image.headers()['content-type']).toBe('image/png');
				const { width, height } = await sharp(await image.body()).metadata();
				expect(`${width}x${height}`).toBe(icon.sizes);
			}
		}
		const worker = await request.get('/sw.js');
		expect(worker.status()).toBe(200);
		expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
		expect(worker.headers()['cache-control']).toBe('no-cache');
		const source = await worker.text();
		for (const path of ['"/offline"', '"/en/offline"', '"/_astro/']) expect(source).toContain(path);

		// The home page is rendered as it is asked for: its policy comes as a header.
		const page = await request.get('/');
		const policy = page.headers()['content-security-policy'];
		expect(policy).toContain("worker-src 'self'");
		expect(policy).toContain("manifest-src 'self'");
	});

	test('opens the listing form for a share no worker took, and keeps its marker through sign-in', async ({
		request,
	}) => {
		const multipart = {
			title: 'Kursi',
			photos: { name: 'a.png', mimeType: 'image/png', buffer: await photoPng() },
		};
		// The share sheet's post comes from the system, with no page of the site behind it.
		for (const [action, form] of [
			['/share-target', '/donate-item'],
			['/en/share-target', '/en/donate-item'],
		]) {
			const shared = await request.post(action!, {
				multipart,
				headers: { Origin: 'null' },
				maxRedirects: 0,
			});
			expect(shared.status()).toBe(303);
			expect(shared.headers()['location']).toBe(form);
		}
		const signedOut = await request.get('/donate-item?shared=abc123', { maxRedirects: 0 });
		expect(signedOut.status()).toBe(302);
		const signUp = new URL(signedOut.headers()['location']!, siteOrigin());
		expect(signUp.searchParams.get('redirectTo')).toBe('/donate-item?shared=abc123');
	});
});

test.describe('the app on a bad connection', () => {
	test('is installable in both languages', async ({ playwright, launchOptions }) => {
		// Chromium installs nothing from an incognito window, which every Playwright context is
		// but a persistent one.
		const profile = mkdtempSync(join(tmpdir(), 'hibahin-installable-'));
		const browser = await playwright.chromium.launchPersistentContext(profile, {
			...launchOptions,
			baseURL: siteOrigin(),
		});
		try {
			const page = browser.pages()[0] ?? (await browser.newPage());
			const devtools = await browser.newCDPSession(page);
			for (const locale of ['id', 'en'] as const) {
				await page.goto(localePath('/', locale));
				// The page links its manifest and registers the worker once it has loaded.
				await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
					'href',
					localePath('/manifest.webmanifest', locale),
				);
				await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
				// The browser checks the manifest it has just been given in a moment of its own.
				await expect
					.poll(
						async () => (await devtools.send('Page.getInstallabilityErrors')).installabilityErrors,
					)
					.toEqual([]);
			}
		} finally {
			await browser.close();
			rmSync(profile, { recursive: true, force: true });
		}
	});

	test('offline, shows a page never visited as the offline page', async ({ page }) => {
		const { app } = texts.en;
		await page.goto('/en');
		await underWorker(page);
		await page.context().setOffline(true);
		// A page seen before comes back as it was.
		await page.goto('/en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.en.home.hero.title);
		await page.goto('/en/support-us');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(app.offline.heading);
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
		await expect(page).toHaveURL(/\/en\/support-us$/);

		// Back online, trying again loads the page asked for.
		await page.context().setOffline(false);
		await page.getByRole('button', { name: app.offline.retry }).click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.en.support.heading);
	});

	test('keeps no signed-in page and no answer of the API on the device', async ({ page }) => {
		await signedIn(page);
		await page.goto('/');
		await underWorker(page);
		// Home too: rendered for the person signed in, it names them in its header.
		const privatePages = ['/', '/my-requests', '/profile'];
		for (const path of privatePages) await page.goto(path);
		// What the pages ask the API for, the notifications and the session among them.
		await page.evaluate(() =>
			Promise.all(
				['/api/session', '/api/notifications', '/api/profile'].map((path) => fetch(path)),
			),
		);
		const cached = await cachedAddresses(page);
		const all = Object.values(cached).flat();
		expect(all.filter((path) => path.startsWith('/api/'))).toEqual([]);
		expect(all.filter((path) => privatePages.includes(path))).toEqual([]);
		// The worker does keep what may be kept: the build's files and the offline page.
		expect(all).toContain('/offline');
		expect(all.some((path) => path.startsWith('/_astro/'))).toBe(true);
	});
});

test.describe('photos shared into the app', () => {
	test('land in the listing form as if picked', async ({ page }) => {
		const { itemForm } = texts.en;
		await signedIn(page, { locale: 'en' });
		await page.goto('/en');
		await underWorker(page);
		// The share sheet's post, as the system sends it to the installed app.
		await page.evaluate(() => {
			const form = document.createElement('form');
			form.method = 'post';
			form.enctype = 'multipart/form-data';
			form.action = '/en/share-target';
			form.innerHTML =
				'<input type="file" name="photos" multiple><input name="title" value="Kursi"><button>share</button>';
			form.id = 'system-share';
			document.body.append(form);
		});
		await page.locator('#system-share input[type=file]').setInputFiles({
			name: 'kursi.png',
			mimeType: 'image/png',
			buffer: await photoPng(),
		});
		await page.locator('#system-share button').click();
		await page.waitForURL((url) => url.pathname === '/en/donate-item');
		await expect(
			page.getByRole('img', { name: fill(itemForm.photos.photo, { index: 1 }) }),
		).toBeVisible();
		await expect(page.getByText(fill(itemForm.photos.count, { count: 1, max: 5 }))).toBeVisible();
		// Taken once: the marker has left the address and the kept files are gone.
		expect(new URL(page.url()).search).toBe('');
		expect((await cachedAddresses(page))['hibahin-shared']).toBeUndefined();
	});
});

test.describe('installing and sharing on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 } });

	for (const locale of ['id', 'en'] as const) {
		test(`offers to install and shares an item (${locale})`, async ({ page }) => {
			const { app, nav } = texts[locale];
			await signedIn(page, { locale });
			const name = `Rak buku ${Date.now().toString(36)}`;
			const item = await listItem(page, name);
			if (locale === 'en') {
				// A phone's share sheet; desktop Chromium on Linux has none.
				await page.addInitScript(() => {
					Object.defineProperty(navigator, 'share', {
						value: (data: ShareData) => {
							(window as unknown as { shared: ShareData }).shared = data;
							return Promise.resolve();
						},
					});
				});
			}
			await page.goto(localePath(`/items/${item.id}`, locale));
			const itemUrl = `${siteOrigin()}${localePath(`/items/${item.id}`, locale)}`;
			const share = page.getByRole('link', { name: fill(app.share.label, { name }) });
			await expect(share).toBeVisible();
			const message = `${fill(app.share.text, { name })}\n${itemUrl}`;
			expect(new URL((await share.getAttribute('href'))!).searchParams.get('text')).toBe(message);
			if (locale === 'en') {
				await share.click();
				await expect
					.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
					.toEqual({ title: name, text: fill(app.share.text, { name }), url: itemUrl });
			}

			await page.getByRole('button', { name: nav.openMenu }).click();
			const drawer = page.getByRole('dialog', { name: nav.menuTitle });
			const install = drawer.getByRole('button', { name: app.install.action });
			await expect(install).toBeHidden();
			await page.evaluate(() => {
				const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
					prompt: () => {
						(window as unknown as { prompted: boolean }).prompted = true;
						return Promise.resolve({ outcome: 'accepted' });
					},
				});
				window.dispatchEvent(prompt);
			});
			await install.click();
			await expect
				.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
				.toBe(true);
			// The browser's prompt shows once; the entry waits for the browser to offer it again.
			await expect(install).toBeHidden();
		});
	}
});
