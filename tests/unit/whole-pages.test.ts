import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { NodeApp } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WholePage from './fixtures/WholePage.astro';

// Decision 053: a page rendered whole carries its bytes, and Astro's Node adapter sends them as
// they are (patches/astro+7.3.5.patch).
const responseBytes = Symbol.for('astro.responseBytes');
type WithBytes = Response & { [responseBytes]?: Uint8Array };

describe('Pages rendered whole', () => {
	let server: http.Server;
	let answer: () => Response;
	let origin: string;

	beforeAll(async () => {
		server = http.createServer((_req, res) => void NodeApp.writeResponse(answer(), res));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(() => {
		server.closeAllConnections();
		return new Promise((resolve) => server.close(resolve));
	});

	it('carry their bytes, the same as their body', async () => {
		const container = await AstroContainer.create();
		const response: WithBytes = await container.renderToResponse(WholePage, {
			props: { name: 'Ani' },
		});
		const bytes = response[responseBytes];
		expect(bytes).toBeInstanceOf(Uint8Array);
		const text = await response.text();
		expect(text).toContain('Kursi kayu — Ani');
		expect(new TextDecoder().decode(bytes)).toBe(text);
	});

	it('go to the socket as their bytes, without their body being read', async () => {
		const html = '<p>Kursi kayu — Ani</p>';
		let bodyRead = false;
		answer = () => {
			const response: WithBytes = new Response(html, {
				status: 201,
				headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Page': 'kept' },
			});
			response[responseBytes] = new TextEncoder().encode(html);
			const { body } = response;
			Object.defineProperty(response, 'body', {
				get: () => {
					bodyRead = true;
					return body;
				},
			});
			return response;
		};
		const got = await fetch(origin);
		expect(got.status).toBe(201);
		expect(got.headers.get('X-Page')).toBe('kept');
		expect(await got.text()).toBe(html);
		expect(bodyRead).toBe(false);
	});

	it('are streamed as before when they carry no bytes', async () => {
		answer = () => new Response('<p>Meja belajar</p>', { status: 404, statusText: 'Hilang' });
		const got = await fetch(origin);
		expect([got.status, got.statusText]).toEqual([404, 'Hilang']);
		expect(await got.text()).toBe('<p>Meja belajar</p>');
	});
});
