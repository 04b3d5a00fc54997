import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { startApp } from './support/app-process';

const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-keep-alive-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A GET on `agent`'s one connection: its status and the client port it went out from. */
function readyOn(agent: Agent, url: string): Promise<{ status: number; port: number }> {
	return new Promise((resolve, reject) => {
		get(`${url}/readyz`, { agent }, (response) => {
			const port = response.socket.localPort!;
			response.resume();
			response.on('end', () => resolve({ status: response.statusCode!, port }));
		}).on('error', reject);
	});
}

it('keeps an idle connection for the client or proxy to reuse, and still stops at once', async () => {
	const app = await startApp({ DATA_DIR: dataDir });
	const agent = new Agent({ keepAlive: true, maxSockets: 1 });
	const first = await readyOn(agent, app.url);
	// Idle past Node's default of 5 s, after which a reused connection could meet a reset.
	await sleep(6_000);
	const again = await readyOn(agent, app.url);
	expect(again).toEqual({ status: 200, port: first.port });

	// The idle connection does not hold a shutdown up.
	app.child.kill('SIGTERM');
	expect(await app.exited).toBe(0);
	agent.destroy();
});
