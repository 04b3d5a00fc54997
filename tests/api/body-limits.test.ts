import { expect, it } from 'vitest';
import { defaultBodyMaxBytes } from '~/server/http/middleware';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Body limits', (use) => {
	/** A body that never ends: reading it would never finish. */
	const endless = () =>
		new ReadableStream<Uint8Array>({
			pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(0x20)),
		});

	it('refuses a JSON body over 1 MB with 413, in the caller’s language, storing nothing', async () => {
		const member = await use().createUser({ complete: true });
		const big = JSON.stringify({ search: 'kursi', padding: 'a'.repeat(defaultBodyMaxBytes) });
		for (const path of ['/saved-searches', '/notifications/read', '/reports']) {
			const response = await use().request(path, {
				method: 'POST',
				user: member,
				headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
				body: big,
			});
			expect(response.status, path).toBe(413);
			expect((await response.json()).error).toMatchObject({
				code: 'BODY_TOO_LARGE',
				message: 'The request is too large. 1 MB at most.',
			});
		}
		const saved = await use().request('/saved-searches', { user: member });
		expect((await saved.json()).data).toEqual([]);
	});

	it('refuses a body whose length is over the limit without reading it', async () => {
		const member = await use().createUser({ complete: true });
		const response = await use().request('/saved-searches', {
			method: 'POST',
			user: member,
			headers: {
				'Content-Type': 'application/json',
				'Content-Length': String(11 * 1024 * 1024),
			},
			body: endless(),
			duplex: 'half',
		} as RequestInit);
		expect(response.status).toBe(413);
	});
});
