import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { precachedFilesIn, precacheOf } from './precache';

const built = (files: Record<string, string>) => {
	const dir = mkdtempSync(join(tmpdir(), 'hibahin-precache-'));
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, '..'), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	return dir;
};

describe('what the service worker precaches', () => {
	let dir = '';
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('lists the hashed scripts and styles and the offline pages, nothing else', () => {
		dir = built({
			'_astro/client.B2x9.js': 'export {}',
			'_astro/BaseLayout.aW.css': 'body{}',
			'_astro/photo.Q1.webp': 'RIFF',
			'offline/index.html': '<p>offline</p>',
			'en/offline/index.html': '<p>offline</p>',
			'terms/index.html': '<p>terms</p>',
			'favicon.svg': '<svg/>',
		});
		const { urls } = precacheOf(precachedFilesIn(dir, ['/offline', '/en/offline']));
		expect(urls).toEqual([
			'/_astro/BaseLayout.aW.css',
			'/_astro/client.B2x9.js',
			'/en/offline',
			'/offline',
		]);
	});

	it('refuses a build without its offline page', () => {
		dir = built({ '_astro/client.B2x9.js': 'export {}' });
		expect(() => precachedFilesIn(dir, ['/offline'])).toThrow('/offline');
	});

	it('names a new version exactly when a precached file changes', () => {
		const files = [
			{ url: '/_astro/a.js', hash: '1' },
			{ url: '/offline', hash: '2' },
		];
		const { version } = precacheOf(files);
		expect(precacheOf([...files].reverse()).version).toBe(version);
		expect(precacheOf([files[0]!, { url: '/offline', hash: '3' }]).version).not.toBe(version);
		expect(precacheOf([...files, { url: '/_astro/b.js', hash: '4' }]).version).not.toBe(version);
	});
});
