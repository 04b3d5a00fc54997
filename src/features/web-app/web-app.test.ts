import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/lib/i18n/translate';
import { allResources } from '~/server/i18n';
import {
	donatePathAfterShare,
	isShareTargetPath,
	needsHomeScreenSteps,
	webAppManifest,
} from './web-app';

const manifestOf = (locale: 'id' | 'en') =>
	webAppManifest(locale, { title: 'Hibahin', t: createTranslator(locale, allResources) });

describe('the web app manifest', () => {
	it('makes each language its own installable app', () => {
		const id = manifestOf('id');
		const en = manifestOf('en');
		expect([id.id, id.start_url, id.lang]).toEqual(['/', '/', 'id']);
		expect([en.id, en.start_url, en.lang]).toEqual(['/en', '/en', 'en']);
		expect(id.description).toBe(allResources.id.app.manifest.description);
		expect(en.description).toBe(allResources.en.app.manifest.description);
	});

	it('has what browsers need to install it', () => {
		const manifest = manifestOf('id');
		expect(manifest.name).toBe('Hibahin');
		expect(manifest.short_name).toBe('Hibahin');
		expect(manifest.display).toBe('standalone');
		expect(manifest.scope).toBe('/');
		const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
		expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
	});

	it('opens the listing form and the requests from the app’s icon, in its language', () => {
		expect(manifestOf('id').shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
			['Hibahkan Barang', '/donate-item'],
			['Permintaan Saya', '/my-requests'],
		]);
		expect(manifestOf('en').shortcuts.map((shortcut) => shortcut.url)).toEqual([
			'/en/donate-item',
			'/en/my-requests',
		]);
	});

	it('takes shared photos at the share action of its language', () => {
		const { share_target: id } = manifestOf('id');
		const { share_target: en } = manifestOf('en');
		expect([id.action, en.action]).toEqual(['/share-target', '/en/share-target']);
		expect(id.method).toBe('POST');
		expect(id.enctype).toBe('multipart/form-data');
		expect(id.params.files).toEqual([
			{ name: 'photos', accept: ['image/jpeg', 'image/png', 'image/webp'] },
		]);
	});
});

describe('the share action', () => {
	it.each([
		['/share-target', true],
		['/share-target/', true],
		['/en/share-target', true],
		['/id/share-target', false],
		['/share-target/x', false],
		['/donate-item', false],
	])('%s is one: %s', (path, expected) => {
		expect(isShareTargetPath(path)).toBe(expected);
	});

	it('opens the listing form with the marker of the kept photos', () => {
		expect(donatePathAfterShare('id', 'a1b2')).toBe('/donate-item?shared=a1b2');
		expect(donatePathAfterShare('en', 'a1b2')).toBe('/en/donate-item?shared=a1b2');
		expect(donatePathAfterShare('en')).toBe('/en/donate-item');
	});
});

const iphone =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ipad =
	'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const chromeOnIphone =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const android =
	'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('the Home Screen steps', () => {
	it.each([
		['Safari on an iPhone', iphone, 5, false, true],
		['Safari on an iPad', ipad, 5, false, true],
		['Safari on a Mac', ipad, 0, false, false],
		['the app opened from the Home Screen', iphone, 5, true, false],
		['Chrome on an iPhone', chromeOnIphone, 5, false, false],
		['Chrome on Android', android, 5, false, false],
	])('are offered to %s: %s', (_, userAgent, maxTouchPoints, standalone, expected) => {
		expect(needsHomeScreenSteps({ userAgent, maxTouchPoints, standalone })).toBe(expected);
	});
});
