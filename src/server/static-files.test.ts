import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawResponse } from '../../tests/helpers/raw-response';
import { staticFilesIn } from './static-files';

const bigScript = `export const texts = ${JSON.stringify(Array(200).fill('Kursi lipat'))};`;

describe('the build’s files beside its pages', () => {
	let dir = '';
	let server: Server;
	let base = '';

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'hibahin-static-'));
		mkdirSync(join(dir, '_astro'));
		mkdirSync(join(dir, 'share'));
		writeFileSync(join(dir, '_astro', 'ItemDetail.B2x9.js'), 'export const a = 1;');
		writeFileSync(join(dir, 'share', 'id.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
		writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
		writeFileSync(join(dir, 'index.html'), '<!doctype html>');
		writeFileSync(join(dir, '_astro', 'client.Xy12.js'), bigScript);
		writeFileSync(join(dir, 'share', 'en.jpg'), Buffer.alloc(4096, 7));
		writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
		const files = staticFilesIn(dir, { uncached: ['/sw.js'] });
		server = createServer((req, res) => {
			if (!files(req, res)) res.writeHead(404).end('not a file');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		rmSync(dir, { recursive: true, force: true });
	});

	it('serves hashed scripts for a year and the rest with revalidation', async () => {
		const script = await fetch(`${base}/_astro/ItemDetail.B2x9.js?v=1`);
		expect(script.status).toBe(200);
		expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
		expect(script.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
		expect(await script.text()).toBe('export const a = 1;');
		const image = await fetch(`${base}/share/id.jpg`);
		expect(image.headers.get('Content-Type')).toBe('image/jpeg');
		expect(image.headers.get('Cache-Control')).toBe('public, max-age=0');
		expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
	});

	it('serves the service worker for no cache to keep', async () => {
		const worker = await fetch(`${base}/sw.js`);
		expect(worker.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
		expect(worker.headers.get('Cache-Control')).toBe('no-cache');
	});

	it('answers 304 to its ETag and HEAD without a body', async () => {
		const first = await fetch(`${base}/favicon.svg`);
		const etag = first.headers.get('ETag')!;
		const again = await fetch(`${base}/favicon.svg`, { headers: { 'If-None-Match': etag } });
		expect(again.status).toBe(304);
		const head = await fetch(`${base}/favicon.svg`, { method: 'HEAD' });
		expect(head.status).toBe(200);
		expect(head.headers.get('Content-Length')).toBe(String((await first.text()).length));
		expect(await head.text()).toBe('');
	});

	it('leaves pages, writes, folders and other paths to the site', async () => {
		for (const [path, method] of [
			['/index.html', 'GET'],
			['/favicon.svg', 'POST'],
			['/_astro/missing.js', 'GET'],
			['/share', 'GET'],
			['/share/', 'GET'],
			['/items/1', 'GET'],
		] as const) {
			const response = await fetch(`${base}${path}`, { method });
			expect(await response.text(), path).toBe('not a file');
		}
	});

	it('sends text compressed as the browser takes it, and images as they are', async () => {
		const raw = (path: string) =>
			rawResponse(`${base}${path}`, { 'Accept-Encoding': 'gzip, zstd' });
		const script = await raw('/_astro/client.Xy12.js');
		expect(script.headers['content-encoding']).toBe('zstd');
		expect(script.headers.vary).toBe('Accept-Encoding');
		expect(zstdDecompressSync(script.body).toString()).toBe(bigScript);
		const image = await raw('/share/en.jpg');
		expect(image.headers['content-encoding']).toBeUndefined();
		expect(image.body.byteLength).toBe(4096);
	});
});
