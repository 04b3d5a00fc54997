import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The README's section under the `## title` heading, up to the next one. */
function section(title: string): string {
	const start = readme.indexOf(`\n## ${title}\n`);
	expect(start, `README has no "## ${title}"`).toBeGreaterThan(-1);
	const end = readme.indexOf('\n## ', start + 1);
	return readme.slice(start, end === -1 ? undefined : end);
}

/** The environment variables the server's code reads (`env['NAME']`, `env.NAME`). */
function variablesRead(): string[] {
	const names = new Set<string>();
	for (const folder of ['src', 'server']) {
		for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
			if (!/\.(?:ts|tsx|mjs|astro)$/.test(file) || /\.test\.ts$/.test(file)) continue;
			const source = readFileSync(join(root, folder, file), 'utf8');
			for (const [, quoted, dotted] of source.matchAll(
				/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|\bprocess\.env\.([A-Z][A-Z0-9_]+)/g,
			)) {
				names.add((quoted ?? dotted)!);
			}
		}
	}
	// Set by the start script for Node and Astro themselves, not by whoever runs the site.
	for (const internal of ['NODE_ENV', 'ASTRO_NODE_AUTOSTART']) names.delete(internal);
	return [...names].sort();
}

describe('the README', () => {
	it('names in its environment table every variable the server reads', () => {
		const table = section('Environment variables');
		const variables = variablesRead();
		expect(variables).toContain('TRAKTEER_API_KEY');
		expect(variables.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
	});

	it('tells to stop the site before the admin command opens the embedded database', () => {
		const admin = section('The admin command');
		expect(admin).toContain('grant-moderator');
		expect(admin).toMatch(/stop the site first/i);
		expect(admin).toContain('MODERATOR_EMAILS');
	});
});
