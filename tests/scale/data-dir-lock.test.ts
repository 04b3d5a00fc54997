import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startApp } from './support/app-process';

const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-two-servers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('refuses a second server on the same embedded data folder, with a clear message', async () => {
	const first = await startApp({ DATA_DIR: dataDir });
	const second = await startApp({ DATA_DIR: dataDir }, { ready: false });
	expect(await second.exited).toBe(1);
	expect(second.output()).toContain(`Another Hibahin process (pid ${first.child.pid} on`);
	expect(second.output()).toContain('give this one its own DATA_DIR');
	expect(second.output()).not.toMatch(/^\s+at /m);
	// The first one still serves.
	expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
	first.child.kill('SIGTERM');
	expect(await first.exited).toBe(0);
	// Stopped cleanly, it leaves the folder free for the next start.
	const next = await startApp({ DATA_DIR: dataDir });
	next.child.kill('SIGTERM');
	expect(await next.exited).toBe(0);
});
