import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

/** What the service worker's registration may add to every page, gzip. */
const budgetBytes = 2 * 1024;

it('adds at most 2 KB of gzip JavaScript to every page to register the service worker', async () => {
	const built = await build({
		entryPoints: ['src/features/web-app/app-registration.ts'],
		bundle: true,
		splitting: true,
		format: 'esm',
		minify: true,
		write: false,
		outdir: 'out',
		alias: { '~': './src' },
		metafile: true,
		logLevel: 'silent',
	});
	const gzipped = new Map(
		built.outputFiles.map((file) => [
			file.path.slice(file.path.lastIndexOf('/out/') + 1),
			gzipSync(file.contents, { level: 9 }).length,
		]),
	);
	// The entry and what it imports statically load with every page; what it imports
	// dynamically (the install dialog, the update toast) loads only when used.
	const loaded = new Set<string>();
	const visit = (output: string) => {
		if (loaded.has(output)) return;
		loaded.add(output);
		for (const imported of built.metafile.outputs[output]!.imports) {
			if (imported.kind === 'import-statement') visit(imported.path);
		}
	};
	visit('out/app-registration.js');
	const bytes = [...loaded].reduce((sum, output) => sum + gzipped.get(output)!, 0);
	expect(loaded.size).toBeLessThan(built.outputFiles.length);
	expect(bytes).toBeLessThanOrEqual(budgetBytes);
});
