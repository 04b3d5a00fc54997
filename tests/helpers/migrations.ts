import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { projectPath } from '~/server/paths';

const folders: string[] = [];
afterAll(() => {
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of `drizzle/` whose journal stops before the migration tagged `before`. */
export function migrationsBefore(before: string): string {
	const folder = mkdtempSync(join(tmpdir(), 'hibahin-migrations-'));
	folders.push(folder);
	cpSync(projectPath('drizzle'), folder, { recursive: true });
	const journalPath = join(folder, 'meta/_journal.json');
	const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
		entries: { tag: string }[];
	};
	const stop = journal.entries.findIndex((entry) => entry.tag === before);
	expect(stop).toBeGreaterThan(0);
	journal.entries = journal.entries.slice(0, stop);
	writeFileSync(journalPath, JSON.stringify(journal));
	return folder;
}
