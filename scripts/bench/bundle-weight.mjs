// Weighs a page from the build alone, without a browser: the scripts its HTML names (module
// scripts, module preloads, every island's component and renderer), every chunk those import
// statically, and its inline scripts, each file counted once and gzipped at level 9 like
// page-weight.mjs does. Dynamic `import()` is left out: it loads on use, not with the page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// `import … from "x"`, `import "x"` and `export … from "x"` as bundlers write them, minified or
// not. A `(` after `import` makes it a dynamic import, which the bindings' characters exclude.
const staticImportPattern =
	/(?<![\w$.])(?:import|export)\s*(?:[\w$\s{},*]*?(?<![\w$])from\s*)?(["'])([^"'\n]+)\1/g;

/**
 * The specifiers a module imports statically, in order, each once.
 * @param {string} source an ES module's text
 * @returns {string[]}
 */
export function staticImportsOf(source) {
	const found = [...source.matchAll(staticImportPattern)].map((match) => match[2]);
	return [...new Set(found)];
}

/**
 * The attributes of each `<name …>` tag in `html`; values may hold `>` when quoted, as an
 * island's serialized props can.
 * @param {string} html
 * @param {string} name
 * @returns {Array<{ attributes: Map<string, string>, end: number }>}
 */
function tagsNamed(html, name) {
	const tags = [];
	const opening = new RegExp(`<${name}(?=[\\s>/])`, 'gi');
	const attribute = /\s*([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?|\s*\/?>/y;
	for (const match of html.matchAll(opening)) {
		const attributes = new Map();
		attribute.lastIndex = match.index + match[0].length;
		let found;
		while ((found = attribute.exec(html))) {
			if (!found[1]) break;
			const raw = found[2] ?? '';
			const unquoted = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
			attributes.set(found[1].toLowerCase(), unquoted.replaceAll('&amp;', '&'));
		}
		tags.push({ attributes, end: attribute.lastIndex });
	}
	return tags;
}

/**
 * What a page's HTML makes the browser run: the URLs of the modules it loads (as written, to be
 * resolved against the page) and the inline scripts' texts (JSON data blocks are no code).
 * @param {string} html
 * @returns {{ entries: string[], inline: string[] }}
 */
export function scriptsOfPage(html) {
	const entries = [];
	const inline = [];
	for (const { attributes, end } of tagsNamed(html, 'script')) {
		const type = attributes.get('type') ?? '';
		if (/json/i.test(type)) continue;
		const src = attributes.get('src');
		if (src) {
			entries.push(src);
			continue;
		}
		const close = html.toLowerCase().indexOf('</script>', end);
		const text = html.slice(end, close === -1 ? undefined : close);
		inline.push(text);
		if (type === 'module') entries.push(...staticImportsOf(text));
	}
	for (const { attributes } of tagsNamed(html, 'link')) {
		const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
		const href = attributes.get('href');
		if (href && rel.includes('modulepreload')) entries.push(href);
	}
	for (const { attributes } of tagsNamed(html, 'astro-island')) {
		for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
			const url = attributes.get(name);
			if (url) entries.push(url);
		}
	}
	return { entries: [...new Set(entries)], inline };
}

/**
 * Every module reachable from `entries` through static imports, each once, in the order found.
 * Specifiers resolve as URLs against the importing module; what `readModule` cannot read (another
 * origin, a bare name) ends the walk there.
 * @param {string[]} entries absolute URLs
 * @param {(url: URL) => Promise<string | undefined>} readModule a module's text, if it is ours
 * @returns {Promise<Array<{ url: string, source: string }>>}
 */
export async function walkStaticImports(entries, readModule) {
	/** @type {Map<string, string>} */
	const seen = new Map();
	const queue = entries.map((entry) => new URL(entry));
	while (queue.length) {
		const url = /** @type {URL} */ (queue.shift());
		url.hash = '';
		if (seen.has(url.href)) continue;
		const source = await readModule(url);
		if (source === undefined) continue;
		seen.set(url.href, source);
		for (const specifier of staticImportsOf(source)) {
			if (/^[./]/.test(specifier)) queue.push(new URL(specifier, url));
		}
	}
	return [...seen].map(([url, source]) => ({ url, source }));
}

/** @param {string | Buffer} content */
const gzipSize = (content) => gzipSync(content, { level: 9 }).length;

/**
 * The gzip JavaScript a page makes a phone download at load, from its HTML and the built client
 * files: every module it names and their static imports, gzipped one by one, plus its inline
 * scripts as one block (as page-weight.mjs sizes them).
 * @param {{ html: string, pageUrl: string, clientDir: string }} options `clientDir` is the
 *   build's dist/client, served at the root of `pageUrl`'s origin
 */
export async function weighPageBundles({ html, pageUrl, clientDir }) {
	const { origin } = new URL(pageUrl);
	const { entries, inline } = scriptsOfPage(html);
	const readModule = async (/** @type {URL} */ url) => {
		if (url.origin !== origin) return undefined;
		const file = path.join(clientDir, decodeURIComponent(url.pathname));
		if (!file.startsWith(path.resolve(clientDir) + path.sep)) return undefined;
		return readFile(file, 'utf8').catch(() => undefined);
	};
	const modules = await walkStaticImports(
		entries.map((entry) => new URL(entry, pageUrl).href),
		readModule,
	);
	const files = modules
		.map(({ url, source }) => ({
			path: new URL(url).pathname,
			raw: Buffer.byteLength(source),
			gzip: gzipSize(source),
		}))
		.sort((a, b) => b.gzip - a.gzip);
	const inlineText = inline.join('\n');
	const inlineGzip = inline.length ? gzipSize(inlineText) : 0;
	return {
		files,
		inline: { count: inline.length, raw: Buffer.byteLength(inlineText), gzip: inlineGzip },
		jsGzip: files.reduce((total, file) => total + file.gzip, 0) + inlineGzip,
	};
}
