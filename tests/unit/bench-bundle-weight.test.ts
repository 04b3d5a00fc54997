import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	scriptsOfPage,
	staticImportsOf,
	weighPageBundles,
} from '../../scripts/bench/bundle-weight.mjs';

// A tiny build: an entry and an island sharing a chunk, a preload, an inline module's import, and
// chunks reached only through dynamic imports, which must not count.
const chunks: Record<string, string> = {
	'entry.js':
		'import{a as b}from"./shared.js";import"./side.js";export{c}from"./re-exported.js";' +
		'const l=()=>import("./lazy.js");b(l);',
	'island.js':
		"import { a } from './shared.js';\nimport * as React from 'react';\n" +
		'export const Island = () => import(`./lazy.js`).then(a);\n' +
		'const text = "a string about import and export";',
	'client.js': 'import{a}from"./shared.js";export default a;',
	// Varied text, so it stays the heaviest once gzipped.
	'shared.js': `export const a = (x) => x; /* ${Array.from({ length: 400 }, (_, i) => (i * 7919) % 10007).join(' ')} */`,
	'side.js': 'globalThis.side = 1;',
	're-exported.js': 'export const c = 3;',
	'preloaded.js': 'export const p = 4;',
	'inline-import.js': 'export const i = 5;',
	'lazy.js': 'import{h}from"./heavy.js";export default h;',
	'heavy.js': `export const h = "${'heavy '.repeat(2000)}";`,
};

const html = `<!doctype html><html><head>
<link rel="modulepreload" href="/_astro/preloaded.js">
<link rel="stylesheet" href="/_astro/site.css">
<script type="module" src="/_astro/entry.js"></script>
<script type="module" src="https://elsewhere.example/tracker.js"></script>
</head><body>
<script>(() => { document.documentElement.dataset.ready = '1'; })();</script>
<astro-island uid="x" component-url="/_astro/island.js" component-export="Island"
 renderer-url="/_astro/client.js" props="{&quot;note&quot;:[0,&quot;a > b&quot;]}"></astro-island>
<script type="module">import "/_astro/inline-import.js";</script>
<script type="application/json">{"data": "not code"}</script>
</body></html>`;

let clientDir: string;

beforeAll(async () => {
	clientDir = await mkdtemp(join(tmpdir(), 'bundle-weight-'));
	await mkdir(join(clientDir, '_astro'));
	for (const [name, source] of Object.entries(chunks)) {
		await writeFile(join(clientDir, '_astro', name), source);
	}
});

afterAll(async () => {
	await rm(clientDir, { recursive: true, force: true });
});

describe("the build's page weigher", () => {
	it('reads static imports and re-exports, not dynamic imports or strings', () => {
		expect(staticImportsOf(chunks['entry.js']!)).toEqual([
			'./shared.js',
			'./side.js',
			'./re-exported.js',
		]);
		expect(staticImportsOf(chunks['island.js']!)).toEqual(['./shared.js', 'react']);
	});

	it('finds module scripts, preloads, islands and inline scripts, not JSON', () => {
		const { entries, inline } = scriptsOfPage(html);
		expect(entries).toEqual([
			'/_astro/entry.js',
			'https://elsewhere.example/tracker.js',
			'/_astro/inline-import.js',
			'/_astro/preloaded.js',
			'/_astro/island.js',
			'/_astro/client.js',
		]);
		expect(inline).toHaveLength(2);
		expect(inline.join('')).not.toContain('not code');
	});

	it('counts every statically reached chunk once and leaves lazy ones out', async () => {
		const weight = await weighPageBundles({
			html,
			pageUrl: 'http://site.test/items',
			clientDir,
		});
		const counted = weight.files.map((file) => file.path.replace('/_astro/', '')).sort();
		expect(counted).toEqual(
			[
				'client.js',
				'entry.js',
				'inline-import.js',
				'island.js',
				'preloaded.js',
				're-exported.js',
				'shared.js',
				'side.js',
			].sort(),
		);
		const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
		const filesGzip = counted.reduce((sum, name) => sum + gzip(chunks[name]!), 0);
		const { inline } = scriptsOfPage(html);
		expect(weight.inline).toMatchObject({ count: 2, gzip: gzip(inline.join('\n')) });
		expect(weight.jsGzip).toBe(filesGzip + weight.inline.gzip);
		// Heaviest first, so a page over budget names what to look at.
		expect(weight.files[0]!.path).toBe('/_astro/shared.js');
	});
});
