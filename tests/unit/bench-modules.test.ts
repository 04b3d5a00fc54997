import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const benchDir = join(import.meta.dirname, '../../scripts/bench');

// `npm run bench` runs in plain Node, which loads the TypeScript some benchmarks import (the
// limits, the schema) without Vite: every relative import there must name its file's extension.
it('loads every benchmark in plain Node, as `npm run bench` does', async () => {
	// The benchmarks themselves, which name themselves; the others are their parts or programs.
	const modules = readdirSync(benchDir)
		.filter((file) => file.endsWith('.mjs'))
		.filter((file) => readFileSync(join(benchDir, file), 'utf8').includes('export const name ='))
		.map((file) => pathToFileURL(join(benchDir, file)).href);
	const program = `await Promise.all(${JSON.stringify(modules)}.map((url) => import(url)));`;
	const { stderr } = await promisify(execFile)(process.execPath, [
		'--input-type=module',
		'--eval',
		program,
	]);
	expect(stderr).not.toMatch(/Error/);
}, 60_000);
