import { describe, expect, it } from 'vitest';
import {
	cacheNamesOf,
	mayStore,
	offlinePageFor,
	overflowing,
	requestKind,
	staleCaches,
} from './cache-rules';

const origin = 'https://hibahin.example';

const request = (url: string, { method = 'GET', mode = 'cors' } = {}) => ({
	method,
	mode,
	url: new URL(url, origin).href,
});

const response = (
	headers: Record<string, string> = {},
	{ status = 200, type = 'basic' }: { status?: number; type?: string } = {},
) => ({ status, type, headers: new Headers(headers) });

describe('what the service worker does with a request', () => {
	it.each([
		['a page', request('/items?search=kursi', { mode: 'navigate' }), 'page'],
		['an English page', request('/en/my-requests', { mode: 'navigate' }), 'page'],
		['a hashed script', request('/_astro/client.B2x9.js'), 'asset'],
		['a hashed style', request('/_astro/BaseLayout.aW.css', { mode: 'no-cors' }), 'asset'],
		[
			"an island's texts, named by their hash",
			request('/texts/en/item-detail~own-pickup.abcdefABCDEF.json'),
			'asset',
		],
		['an item photo', request('/media/items/a-640.webp', { mode: 'no-cors' }), 'photo'],
		['the share sheet’s post', request('/share-target', { method: 'POST' }), 'share-target'],
		['the English share', request('/en/share-target/', { method: 'POST' }), 'share-target'],
		['an API read', request('/api/session'), 'network'],
		['an API page load', request('/api/items', { mode: 'navigate' }), 'network'],
		['an API write', request('/api/items', { method: 'POST' }), 'network'],
		[
			'a page’s form post',
			request('/auth/sign-out', { method: 'POST', mode: 'navigate' }),
			'network',
		],
		['a GET of the share action', request('/share-target', { mode: 'navigate' }), 'page'],
		['another site’s photo', request('https://cdn.example/media/a.webp'), 'network'],
		['the manifest', request('/manifest.webmanifest'), 'network'],
	])('%s', (_, facts, kind) => {
		expect(requestKind(facts, origin)).toBe(kind);
	});
});

describe('what may be kept on the device', () => {
	it.each([
		['a signed-out page', response({ 'Cache-Control': 'public, max-age=0, s-maxage=5' }), true],
		['a prerendered page', response({ 'Cache-Control': 'public, max-age=0' }), true],
		['a photo', response({ 'Cache-Control': 'public, max-age=31536000, immutable' }), true],
		['an answer without caching headers', response(), true],
		['a signed-in page', response({ 'Cache-Control': 'private, no-store' }), false],
		['a private answer', response({ 'Cache-Control': 'max-age=60, private' }), false],
		['a no-store answer', response({ 'Cache-Control': 'no-store' }), false],
		['a shouted NO-STORE', response({ 'Cache-Control': 'NO-STORE' }), false],
		['private with a field name', response({ 'Cache-Control': 'private="Set-Cookie"' }), false],
		['an answer setting a cookie', response({ 'Set-Cookie': 'hibahin_session=abc' }), false],
		['a 404', response({}, { status: 404 }), false],
		[
			'a redirect the worker saw as opaque',
			response({}, { status: 0, type: 'opaqueredirect' }),
			false,
		],
		['another site’s opaque answer', response({}, { status: 0, type: 'opaque' }), false],
	])('%s', (_, answer, kept) => {
		expect(mayStore(answer)).toBe(kept);
	});

	it('does not mistake a directive that only contains the words', () => {
		expect(mayStore(response({ 'Cache-Control': 'public, x-no-storey=1' }))).toBe(true);
	});
});

describe('the offline page', () => {
	it.each([
		['/', '/offline'],
		['/items/42', '/offline'],
		['/en', '/en/offline'],
		['/en/items/42?x=1', '/en/offline'],
		['/english-tea', '/offline'],
	])('of %s is %s', (path, offline) => {
		expect(offlinePageFor(new URL(path, origin).href)).toBe(offline);
	});
});

describe('trimming a cache', () => {
	it('drops the oldest entries beyond the limit', () => {
		expect(overflowing(['a', 'b', 'c', 'd', 'e'], 3)).toEqual(['a', 'b']);
	});

	it('drops nothing within the limit', () => {
		expect(overflowing(['a', 'b'], 3)).toEqual([]);
	});
});

describe('caches of older versions', () => {
	it('deletes the old version’s precache and pages, keeps photos, shares and others’ caches', () => {
		const current = cacheNamesOf('v2');
		const old = cacheNamesOf('v1');
		const names = [...Object.values(old), ...Object.values(current), 'someone-else'];
		expect(staleCaches(names, 'v2')).toEqual([old.precache, old.pages]);
	});
});
