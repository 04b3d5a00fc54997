import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A file of the build, by its address and a hash of its bytes. */
export interface BuiltFile {
	url: string;
	hash: string;
}

const assetsFolder = '_astro';
// A script or style the offline page names: `src="/_astro/…"`, `href="/_astro/…"`.
const pageAssetPattern = /["'](\/_astro\/[^"'?#]+\.(?:js|css))["']/g;
// A static import between the build's chunks: `import"./a.js"`, `from"./a.js"`. A dynamic
// `import("./a.js")` loads on use, so it is not followed.
const staticImportPattern = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g;

/**
 * The files a build's service worker answers for: the hashed scripts and styles under
 * `/_astro/` and the offline pages (`offlinePages`, their addresses), read from the build's
 * client folder. Their hashes name the worker's version.
 */
export function builtFilesIn(clientDir: string, offlinePages: readonly string[]): BuiltFile[] {
	const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
	const assets = readdirSync(join(clientDir, assetsFolder))
		.filter((name) => /\.(?:js|css)$/.test(name))
		.map((name) => ({
			url: `/${assetsFolder}/${name}`,
			hash: hashOf(join(clientDir, assetsFolder, name)),
		}));
	const pages = offlinePages.map((url) => ({ url, hash: hashOf(offlinePageFile(clientDir, url)) }));
	return [...assets, ...pages];
}

function offlinePageFile(clientDir: string, url: string): string {
	const file = join(clientDir, url, 'index.html');
	if (!existsSync(file)) throw new Error(`service worker: the offline page ${url} was not built`);
	return file;
}

/**
 * What the worker fetches on install: the offline pages and the scripts and styles they load,
 * with every chunk those scripts import before they run. The other scripts are kept as pages
 * load them, so a first visit does not download every island of the site.
 */
export function offlineShellIn(clientDir: string, offlinePages: readonly string[]): string[] {
	const shell = new Set<string>(offlinePages);
	const pending: string[] = [];
	const add = (url: string) => {
		if (shell.has(url)) return;
		shell.add(url);
		if (url.endsWith('.js')) pending.push(url);
	};
	for (const page of offlinePages) {
		const html = readFileSync(offlinePageFile(clientDir, page), 'utf8');
		for (const [, url] of html.matchAll(pageAssetPattern)) add(url!);
	}
	for (let url = pending.pop(); url; url = pending.pop()) {
		const script = readFileSync(join(clientDir, url), 'utf8');
		for (const [, name] of script.matchAll(staticImportPattern)) add(`/${assetsFolder}/${name}`);
	}
	return [...shell];
}

/**
 * The precache list and the version of the worker that holds it. The version changes exactly
 * when one of the build's files does, so a deploy that changes nothing a visitor keeps installs
 * nothing, and one that does clears what the previous version kept.
 */
export function precacheOf(
	files: readonly BuiltFile[],
	shell: readonly string[],
): { urls: string[]; version: string } {
	const sorted = [...files].sort((a, b) => a.url.localeCompare(b.url));
	const digest = createHash('sha256');
	for (const file of sorted) digest.update(`${file.url} ${file.hash}\n`);
	return {
		urls: [...shell].sort((a, b) => a.localeCompare(b)),
		version: digest.digest('hex').slice(0, 16),
	};
}
