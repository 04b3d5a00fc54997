import { expect, test } from '@playwright/test';
import { signedInNewcomer, siteOrigin } from './support/accounts';
import { signedInClient } from './support/clients';
import { listItem } from './support/items';

// Signed-out pages carry a version ETag a CDN may honour; a signed-in visitor's are theirs alone
// (decision 031). Read with plain requests: what counts here is headers, not rendering.
test.describe('page caching', () => {
	test('a signed-out list answers 304 to its ETag, in each language and query apart', async ({
		request,
	}) => {
		const first = await request.get('/items?search=kursi');
		expect(first.status()).toBe(200);
		const tag = first.headers()['etag'];
		expect(tag).toMatch(/^W\/"/);
		expect(first.headers()['cache-control']).toBe(
			'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
		);
		expect(first.headers()['vary']).toContain('Cookie');
		expect(first.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
		const again = await request.get('/items?search=kursi', { headers: { 'If-None-Match': tag! } });
		expect(again.status()).toBe(304);
		expect(await again.body()).toHaveLength(0);

		const english = await request.get('/en/items?search=kursi');
		expect(english.headers()['etag']).not.toBe(tag);
		expect(await english.text()).toContain('lang="en"');
		const head = await request.head('/items?search=kursi');
		expect(head.status()).toBe(200);
		expect(head.headers()['etag']).toBe(tag);
	});

	test('a signed-in visitor’s pages are private, and never served to the signed-out', async ({
		page,
		request,
	}) => {
		await signedInNewcomer(page);
		for (const path of ['/items', '/en/items']) {
			const mine = await page.request.get(path);
			expect(mine.headers()['cache-control']).toBe('private, no-store');
			expect(mine.headers()['etag']).toBeUndefined();
			const theirs = await request.get(path);
			expect(theirs.headers()['cache-control']).toContain('public');
			expect(await theirs.text()).not.toBe(await mine.text());
		}
	});

	test('the home page holds the items available now, and not one deleted since', async ({
		playwright,
		request,
	}) => {
		const donor = await signedInClient(playwright, 'complete');
		const name = `Kursi rotan beranda ${Date.now()}`;
		const item = await listItem(donor.request, name);
		for (const path of ['/', '/en']) {
			const home = await request.get(path);
			expect(home.headers()['etag']).toMatch(/^W\/"/);
			expect(await home.text()).toContain(name);
		}
		const deleted = await donor.request.delete(`/api/items/${item.id}`, {
			headers: { Origin: siteOrigin() },
		});
		expect(deleted.ok(), await deleted.text()).toBe(true);
		expect(await (await request.get('/')).text()).not.toContain(name);
		await donor.request.dispose();
	});
});
