import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { citiesWithItems } from '~/features/items/city-pages.server';
import { robotsTxt } from '~/features/sitemap/sitemap';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import { items } from '~/server/db/schema';
import { createItemFor, toggleItem } from '../helpers/items';
import { describeOnDatabases, testOrigin } from '../helpers/test-server';

/** The `<loc>` addresses of a sitemap or an index, after checking its outline. */
function locations(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
	expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
	expect(xml).toMatch(
		new RegExp(
			`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"[^>]*>[\\s\\S]*</${root}>\\n$`,
		),
	);
	// Every entry is whole: an opened <url> or <sitemap> is closed before the next one opens.
	const entry = root === 'urlset' ? 'url' : 'sitemap';
	const opened = xml.split(`<${entry}>`).length - 1;
	expect(xml.split(`</${entry}>`).length - 1).toBe(opened);
	return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

describeOnDatabases('Sitemap and city pages', (use) => {
	const sitemap = (name: string | null) => sitemapXml(use().server.db, testOrigin, name);

	it('lists a new item in both languages at once, and drops it once given away', async () => {
		const owner = await use().createUser({ complete: true });
		const item = await createItemFor(use(), owner, { pickupDistrict: '32.73.14' });
		const index = locations((await sitemap(null))!, 'sitemapindex');
		expect(index).toEqual([
			`${testOrigin}/sitemaps/static.xml`,
			`${testOrigin}/sitemaps/cities.xml`,
			`${testOrigin}/sitemaps/items-1.xml`,
		]);
		const part = (await sitemap('items-1'))!;
		expect(locations(part, 'urlset')).toEqual(
			expect.arrayContaining([
				`${testOrigin}/items/${item.id}`,
				`${testOrigin}/en/items/${item.id}`,
			]),
		);
		expect(part).toContain(`<lastmod>${item.updatedAt}</lastmod>`);
		expect(part).toContain(`hreflang="en" href="${testOrigin}/en/items/${item.id}"`);

		const next = await createItemFor(use(), owner);
		expect(locations((await sitemap('items-1'))!, 'urlset')).toContain(
			`${testOrigin}/items/${next.id}`,
		);
		await toggleItem(use(), owner, next.id);
		expect(locations((await sitemap('items-1'))!, 'urlset')).not.toContain(
			`${testOrigin}/items/${next.id}`,
		);
	});

	it('leaves out an item a moderator hid, and its city when nothing else is there', async () => {
		const owner = await use().createUser({ complete: true });
		const item = await createItemFor(use(), owner, { pickupDistrict: '11.71.01' });
		const kept = await createItemFor(use(), owner, { pickupDistrict: '32.73.14' });
		expect((await citiesWithItems(use().server.db)).map((city) => city.slug)).toContain(
			'kota-banda-aceh',
		);
		await use()
			.server.db.update(items)
			.set({ hiddenAt: new Date(), hiddenReason: 'moderator' })
			.where(eq(items.id, item.id));
		const part = locations((await sitemap('items-1'))!, 'urlset');
		expect(part).toContain(`${testOrigin}/items/${kept.id}`);
		expect(part).not.toContain(`${testOrigin}/items/${item.id}`);
		expect((await citiesWithItems(use().server.db)).map((city) => city.slug)).not.toContain(
			'kota-banda-aceh',
		);
	});

	it('lists the static pages and the cities with available items, and nothing else', async () => {
		const owner = await use().createUser({ complete: true });
		await createItemFor(use(), owner, { pickupDistrict: '35.78.08' });
		const cities = await citiesWithItems(use().server.db);
		expect(cities.map((city) => city.slug)).toContain('kota-surabaya');
		expect(cities.find((city) => city.slug === 'kota-surabaya')).toMatchObject({
			name: 'Kota Surabaya',
			provinceName: 'Jawa Timur',
		});
		const cityPages = locations((await sitemap('cities'))!, 'urlset');
		expect(cityPages).toContain(`${testOrigin}/items/in/kota-surabaya`);
		expect(cityPages).toContain(`${testOrigin}/en/items/in/kota-surabaya`);
		expect(cityPages).not.toContain(`${testOrigin}/items/in/kota-bogor`);
		const staticPages = locations((await sitemap('static'))!, 'urlset');
		expect(staticPages).toContain(`${testOrigin}/`);
		expect(staticPages).toContain(`${testOrigin}/en/items`);
		expect(await sitemap('items-99')).toBeNull();
		expect(await sitemap('everything')).toBeNull();
	});
});

describe('robots.txt', () => {
	it('keeps the API, personal pages and sign-in out, in both languages, and names the sitemap', () => {
		const robots = robotsTxt('https://hibahin.id');
		for (const path of [
			'/api/',
			'/my-items',
			'/en/my-requests',
			'/en/my-data',
			'/login',
			'/en/register',
			'/edit-profile',
		]) {
			expect(robots).toContain(`Disallow: ${path}\n`);
		}
		expect(robots).not.toMatch(/Disallow: \/items/);
		expect(robots).toContain('Sitemap: https://hibahin.id/sitemap.xml');
	});
});
