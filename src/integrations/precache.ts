import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A file the service worker fetches on install, by its address and a hash of its bytes. */
export interface PrecachedFile {
	url: string;
	hash: string;
}

/**
 * What a build's service worker precaches: the hashed scripts and styles under `/_astro/` and
 * the offline pages (`offlinePages`, their addresses), read from the build's client folder.
 */
export function precachedFilesIn(
	clientDir: string,
	offlinePages: readonly string[],
): PrecachedFile[] {
	const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
	const assets = readdirSync(join(clientDir, '_astro'))
		.filter((name) => /\.(?:js|css)$/.test(name))
		.map((name) => ({ url: `/_astro/${name}`, hash: hashOf(join(clientDir, '_astro', name)) }));
	const pages = offlinePages.map((url) => {
		const file = join(clientDir, url, 'index.html');
		if (!existsSync(file)) throw new Error(`service worker: the offline page ${url} was not built`);
		return { url, hash: hashOf(file) };
	});
	return [...assets, ...pages];
}

/**
 * The precache list and the version of the worker that holds it: the version changes exactly
 * when one of the files does, so a deploy that changes nothing a visitor keeps installs nothing.
 */
export function precacheOf(files: readonly PrecachedFile[]): { urls: string[]; version: string } {
	const sorted = [...files].sort((a, b) => a.url.localeCompare(b.url));
	const digest = createHash('sha256');
	for (const file of sorted) digest.update(`${file.url} ${file.hash}\n`);
	return { urls: sorted.map((file) => file.url), version: digest.digest('hex').slice(0, 16) };
}
