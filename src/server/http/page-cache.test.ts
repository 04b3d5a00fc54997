import { describe, expect, it } from 'vitest';
import { type CachedPage, PageCache } from './page-cache';

const pageOf = (text: string, storedAt: number): CachedPage => ({
	status: 200,
	headers: [['content-type', 'text/html']],
	body: new TextEncoder().encode(text),
	storedAt,
	sent: {},
});

describe('PageCache', () => {
	it('serves a page until its lifetime ends, then forgets it', () => {
		const cache = new PageCache({ ttlMs: 5_000 });
		cache.set('id p1 /items', pageOf('list', 1_000));
		expect(cache.get('id p1 /items', 5_999)?.body).toEqual(new TextEncoder().encode('list'));
		expect(cache.get('id p1 /items', 6_000)).toBeUndefined();
		expect(cache.size).toBe(0);
	});

	it('lets the oldest pages go first beyond its size', () => {
		const cache = new PageCache({ maxEntries: 2 });
		for (const key of ['a', 'b', 'c']) cache.set(key, pageOf(key, Date.now()));
		expect(cache.get('a')).toBeUndefined();
		expect(cache.get('b')).toBeDefined();
		expect(cache.get('c')).toBeDefined();
	});

	it('shares a render in progress with whoever asks for its page, until it settles', async () => {
		const cache = new PageCache();
		let finish!: (page: CachedPage | undefined) => void;
		const first = cache.renderOnce('id p1 /', () => new Promise((resolve) => (finish = resolve)));
		const waiting = cache.rendering('id p1 /');
		expect(waiting).toBeDefined();
		expect(cache.rendering('en p1 /en')).toBeUndefined();
		const page = pageOf('home', Date.now());
		finish(page);
		expect(await first).toBe(page);
		expect(await waiting).toBe(page);
		expect(cache.rendering('id p1 /')).toBeUndefined();
	});

	it('gives those waiting nothing when the render fails, and the error to its own request', async () => {
		const cache = new PageCache();
		const failing = cache.renderOnce('id p1 /items', () => Promise.reject(new Error('down')));
		const waiting = cache.rendering('id p1 /items');
		await expect(failing).rejects.toThrow('down');
		expect(await waiting).toBeUndefined();
		expect(cache.rendering('id p1 /items')).toBeUndefined();
	});

	it('keeps no page larger than its limit', () => {
		const cache = new PageCache({ maxBodyBytes: 3 });
		expect(cache.set('big', pageOf('four', Date.now()))).toBe(false);
		expect(cache.get('big')).toBeUndefined();
	});

	it('counts the answers sent of a page in its bytes, and lets the oldest go beyond them', () => {
		const cache = new PageCache({ maxBytes: 20 });
		cache.set('a', pageOf('aaaa', Date.now()));
		cache.keepSent('a', 'gzip', { headers: {}, body: Buffer.alloc(6) });
		expect(cache.bytes).toBe(10);
		cache.set('b', pageOf('bbbb', Date.now()));
		cache.keepSent('b', 'zstd', { headers: {}, body: Buffer.alloc(6) });
		expect(cache.bytes).toBe(20);
		cache.keepSent('b', 'gzip', { headers: {}, body: Buffer.alloc(6) });
		expect(cache.get('a')).toBeUndefined();
		expect(cache.get('b')?.sent.gzip?.body.byteLength).toBe(6);
		expect(cache.bytes).toBe(16);
	});
});
