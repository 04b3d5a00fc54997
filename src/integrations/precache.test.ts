import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtFilesIn, offlineShellIn, precacheOf } from './precache';

const built = (files: Record<string, string>) => {
	const dir = mkdtempSync(join(tmpdir(), 'hibahin-precache-'));
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, '..'), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	return dir;
};

const offlineHtml =
	'<link rel="stylesheet" href="/_astro/BaseLayout.aW.css">' +
	'<script type="module" src="/_astro/page.K1.js"></script><p>offline</p>';

describe('what the service worker precaches', () => {
	let dir = '';
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('fetches the offline pages and what they load before they run, not every island', () => {
		dir = built({
			'_astro/page.K1.js': 'import{t}from"./toast.T2.js";import"./nav.N3.js";t()',
			'_astro/toast.T2.js': 'export const t=()=>import("./dialog.D4.js")',
			'_astro/nav.N3.js': 'import { a } from "./toast.T2.js";a',
			'_astro/dialog.D4.js': 'export {}',
			'_astro/ItemForm.F5.js': 'export {}',
			'_astro/BaseLayout.aW.css': 'body{}',
			'offline/index.html': offlineHtml,
			'en/offline/index.html': offlineHtml,
			'terms/index.html': '<script type="module" src="/_astro/ItemForm.F5.js"></script>',
		});
		const pages = ['/offline', '/en/offline'];
		const { urls } = precacheOf(builtFilesIn(dir, pages), offlineShellIn(dir, pages));
		expect(urls).toEqual([
			'/_astro/BaseLayout.aW.css',
			'/_astro/nav.N3.js',
			'/_astro/page.K1.js',
			'/_astro/toast.T2.js',
			'/en/offline',
			'/offline',
		]);
	});

	it('names the version by every script and style, precached or kept as used', () => {
		dir = built({
			'_astro/client.B2x9.js': 'export {}',
			'_astro/BaseLayout.aW.css': 'body{}',
			'_astro/photo.Q1.webp': 'RIFF',
			'offline/index.html': '<p>offline</p>',
			'favicon.svg': '<svg/>',
		});
		expect(builtFilesIn(dir, ['/offline']).map((file) => file.url)).toEqual([
			'/_astro/BaseLayout.aW.css',
			'/_astro/client.B2x9.js',
			'/offline',
		]);
	});

	it('refuses a build without its offline page', () => {
		dir = built({ '_astro/client.B2x9.js': 'export {}' });
		expect(() => builtFilesIn(dir, ['/offline'])).toThrow('/offline');
		expect(() => offlineShellIn(dir, ['/offline'])).toThrow('/offline');
	});

	it('names a new version exactly when a file of the build changes', () => {
		const files = [
			{ url: '/_astro/a.js', hash: '1' },
			{ url: '/offline', hash: '2' },
		];
		const shell = ['/offline'];
		const { version } = precacheOf(files, shell);
		expect(precacheOf([...files].reverse(), shell).version).toBe(version);
		expect(precacheOf([files[0]!, { url: '/offline', hash: '3' }], shell).version).not.toBe(
			version,
		);
		expect(precacheOf([...files, { url: '/_astro/b.js', hash: '4' }], shell).version).not.toBe(
			version,
		);
	});
});
