import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveHeadLinks, prerenderedPagesOn } from './prerendered-pages';

const built = 'http://localhost:4321';
const page = (path: string) =>
	`<!doctype html><html><head><link rel="canonical" href="${built}${path}">` +
	`<meta property="og:url" content="${built}${path}"></head>` +
	`<body><p>Tulis ke ${built}/support-us</p>` +
	`<footer><p>© <span data-current-year>2026</span> Hibahin</p></footer></body></html>`;

describe('the head of a prerendered page', () => {
	it('links to the public origin, and the body stays as written', () => {
		const moved = moveHeadLinks(page('/en/terms'), built, 'https://hibahin.id');
		expect(moved).toContain('<link rel="canonical" href="https://hibahin.id/en/terms">');
		expect(moved).toContain('<meta property="og:url" content="https://hibahin.id/en/terms">');
		expect(moved).toContain(`<p>Tulis ke ${built}/support-us</p>`);
	});

	it('keeps an origin that only starts like the build’s', () => {
		const html = `<head><link rel="alternate" href="${built}0/x"></head>`;
		expect(moveHeadLinks(html, built, 'https://hibahin.id')).toBe(html);
	});
});

describe('prerendered pages served on another origin than their build’s', () => {
	let dir = '';
	let server: Server;
	let base = '';

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'hibahin-pages-'));
		for (const path of ['', 'en', 'heroes/rankings', '_astro/chunk']) {
			mkdirSync(join(dir, path), { recursive: true });
			writeFileSync(join(dir, path, 'index.html'), page(`/${path}`));
		}
		const pages = prerenderedPagesOn(dir, built, 'https://hibahin.id')!;
		server = createServer((req, res) => {
			if (!pages(req, res)) res.writeHead(404).end('not a page');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		rmSync(dir, { recursive: true, force: true });
	});

	it('answer at their paths, with and without the trailing slash', async () => {
		for (const [path, canonical] of [
			['/', '/'],
			['/en', '/en'],
			['/en/', '/en'],
			['/heroes/rankings/?sort=impact', '/heroes/rankings'],
			['/heroes/rankings/index.html', '/heroes/rankings'],
		]) {
			const response = await fetch(`${base}${path}`);
			expect(response.status).toBe(200);
			expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
			expect(await response.text()).toContain(`href="https://hibahin.id${canonical}"`);
		}
	});

	it('leave other paths, the scripts’ folder and writes to the site', async () => {
		expect((await fetch(`${base}/items`)).status).toBe(404);
		expect((await fetch(`${base}/_astro/chunk`)).status).toBe(404);
		expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(404);
	});

	it('answer 304 to a browser that holds the same page', async () => {
		const first = await fetch(`${base}/en`);
		const etag = first.headers.get('etag')!;
		const again = await fetch(`${base}/en`, { headers: { 'If-None-Match': etag } });
		expect(again.status).toBe(304);
	});
});

describe('the footer of a prerendered page', () => {
	let dir = '';
	let server: Server;
	let base = '';
	let now = new Date('2031-12-31T16:59:59Z');

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'hibahin-pages-'));
		mkdirSync(join(dir, 'en'), { recursive: true });
		writeFileSync(join(dir, 'en', 'index.html'), page('/en'));
		// Built for the origin it is served on: nothing to move, only the year to keep current.
		const pages = prerenderedPagesOn(dir, built, built, () => now);
		server = createServer((req, res) => {
			if (!pages(req, res)) res.writeHead(404).end('not a page');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		rmSync(dir, { recursive: true, force: true });
	});

	it('shows the year of the day it is served, in Jakarta, without a rebuild', async () => {
		const lastDay = await fetch(`${base}/en`);
		expect(await lastDay.text()).toContain('© <span data-current-year>2031</span> Hibahin');

		// Midnight in Jakarta (UTC+7) starts the new year there.
		now = new Date('2031-12-31T17:00:00Z');
		const stale = await fetch(`${base}/en`, {
			headers: { 'If-None-Match': lastDay.headers.get('etag')! },
		});
		expect(stale.status).toBe(200);
		expect(await stale.text()).toContain('© <span data-current-year>2032</span> Hibahin');
	});
});
