import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A Node older than 24 installed on the machine (Debian's, usually), if there is one. */
const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
	if (!existsSync(path)) return false;
	const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout;
	return Number(/^v(\d+)/.exec(version)?.[1] ?? 24) < 24;
});

describe('server/start.mjs', () => {
	it.skipIf(!olderNode)('says which Node to use when started with an older one', () => {
		const started = spawnSync(olderNode!, ['server/start.mjs'], {
			encoding: 'utf8',
			timeout: 20_000,
		});
		expect(started.status).toBe(1);
		expect(started.stderr).toMatch(/^Hibahin needs Node 24 or newer; this is Node v?\d+/);
		expect(started.stderr).toContain('`npm start` runs the Node 24');
		expect(started.stderr).not.toMatch(/SyntaxError|does not provide an export/);
	});
});
