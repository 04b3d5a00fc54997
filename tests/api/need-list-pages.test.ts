import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { expect, it } from 'vitest';
import NeedFilters from '~/features/need-lists/NeedFilters.astro';
import NeedGrid from '~/features/need-lists/NeedGrid.astro';
import UrgentNeedsNearYou from '~/features/need-lists/UrgentNeedsNearYou.astro';
import { citiesWithNeeds, cityWithNeeds } from '~/features/need-lists/need-cities.server';
import { parseNeedListView } from '~/features/need-lists/need-list-url';
import { listNeeds, urgentNeedsNear } from '~/features/need-lists/need-lists.server';
import CityLinks from '~/features/places/CityLinks.astro';
import { pickupOfDistrict, placeDirectory } from '~/features/places/places.server';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import { needListPage } from '~/features/need-lists/need-list-page.server';
import { useTranslations } from '~/server/i18n';
import { needs, savedSearches, users } from '~/server/db/schema';
import { eq } from 'drizzle-orm';
import { insertNeed, insertOrganisation, marker } from '../helpers/need-rows';
import { describeOnDatabases, testOrigin } from '../helpers/test-server';

/** A component's HTML as text, tags dropped and spaces joined. */
async function rendered(
	component: Parameters<AstroContainer['renderToString']>[0],
	props: Record<string, unknown>,
) {
	const container = await AstroContainer.create();
	const html = await container.renderToString(component, { props });
	return {
		html,
		text: html
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim(),
	};
}

const listQuery = { page: 1, limit: 12, urgent: 'false' as const };

describeOnDatabases('Need list pages and the sitemap', (use) => {
	it('draws each need’s card in both languages: urgency, quantity, area, age, organisation, link', async () => {
		const word = marker();
		const person = await use().createUser({ complete: true });
		const organisation = await insertOrganisation(use(), person, 'verified', 'Panti Kasih');
		const id = await insertNeed(use(), person, {
			title: `Selimut ${word}`,
			urgency: 'urgent',
			quantity: 12,
			category: 'household',
			organisationId: organisation,
			district: '32.73.02',
			createdAt: new Date(Date.now() - 3 * 24 * 60 * 60_000),
		});
		const list = await listNeeds(use().server.db, { ...listQuery, search: word });

		const id_ = await rendered(NeedGrid, { needs: list.needs, locale: 'id' });
		expect(id_.html).toContain(`href="/needs/${id}"`);
		expect(id_.text).toContain(
			`Mendesak Perlengkapan rumah Butuh 12 Selimut ${word} Panti Kasih Terverifikasi`,
		);
		expect(id_.text).toContain('Kota Bandung · Coblong');
		expect(id_.text).toContain('Dipasang 3 hari yang lalu');
		expect(id_.html).toContain('🏠');

		const en = await rendered(NeedGrid, { needs: list.needs, locale: 'en' });
		expect(en.html).toContain(`href="/en/needs/${id}"`);
		expect(en.text).toContain(`Urgent Household Needs 12 Selimut ${word} Panti Kasih Verified`);
		expect(en.text).toContain('Posted 3 days ago');
	});

	it('keeps the filters’ choices in the form, offering the chosen province’s cities', async () => {
		const view = parseNeedListView(
			new URLSearchParams('search=buku&category=books&regency=3273&urgent=true&near=me'),
		);
		expect(view).toEqual({
			page: 1,
			search: 'buku',
			category: 'books',
			province: '32',
			regency: '3273',
			urgent: true,
			near: true,
		});
		const places = await placeDirectory();
		const form = await rendered(NeedFilters, {
			view,
			locale: 'en',
			provinces: places.provinces,
			regencies: places.regenciesOf.get('32'),
			canSortNearMe: true,
			action: '/en/needs',
		});
		expect(form.html).toMatch(/<form method="get" action="\/en\/needs"/);
		expect(form.html).toMatch(/name="search" value="buku"/);
		expect(form.html).toMatch(/<option value="books" selected>Books<\/option>/);
		expect(form.html).toMatch(/<option value="32" selected>Jawa Barat<\/option>/);
		expect(form.html).toMatch(/<option value="3273" selected>Kota Bandung<\/option>/);
		expect(form.html).toMatch(/name="urgent" value="true" checked/);
		expect(form.html).toMatch(/name="near" value="me" checked/);
		expect(form.text).toContain('Urgent only');
	});

	it('has a city page while the city has an open need, linked in both languages', async () => {
		const word = marker();
		const person = await use().createUser({ complete: true });
		const id = await insertNeed(use(), person, { title: `Kipas ${word}`, district: '11.71.01' });
		const city = await cityWithNeeds(use().server.db, 'kota-banda-aceh');
		expect(city).toMatchObject({ code: '11.71', name: 'Kota Banda Aceh', count: 1 });
		const cities = await citiesWithNeeds(use().server.db);
		const links = await rendered(CityLinks, {
			cities,
			listPath: '/needs',
			heading: 'Kebutuhan per kota',
			headingId: 'cities',
			locale: 'id',
		});
		expect(links.html).toContain('href="/needs/in/kota-banda-aceh"');
		expect(
			(
				await rendered(CityLinks, {
					cities,
					listPath: '/needs',
					heading: 'x',
					headingId: 'c',
					locale: 'en',
				})
			).html,
		).toContain('href="/en/needs/in/kota-banda-aceh"');

		await use().server.db.update(needs).set({ state: 'fulfilled' }).where(eq(needs.id, id));
		expect(await cityWithNeeds(use().server.db, 'kota-banda-aceh')).toBeNull();
		expect(await cityWithNeeds(use().server.db, 'no-such-city')).toBeNull();
	});

	it('shows a signed-in visitor urgent needs of their province, their city first', async () => {
		const person = await use().createUser({ complete: true });
		const word = marker();
		const elsewhere = await insertNeed(use(), person, {
			title: `Obat ${word}`,
			urgency: 'urgent',
			district: '31.71.01',
		});
		const inCity = await insertNeed(use(), person, {
			title: `Air ${word}`,
			urgency: 'urgent',
			district: '31.74.01',
			createdAt: new Date(Date.now() - 60 * 60_000),
		});
		await insertNeed(use(), person, { title: `Kasur ${word}`, district: '31.74.01' });
		await insertNeed(use(), person, {
			title: `Tenda ${word}`,
			urgency: 'urgent',
			district: '32.73.02',
		});
		const home = (await pickupOfDistrict('31.74.07'))!;
		const shown = (await urgentNeedsNear(use().server.db, home)).filter((need) =>
			need.title.endsWith(word),
		);
		expect(shown.map((need) => need.id)).toEqual([inCity, elsewhere]);

		const row = await rendered(UrgentNeedsNearYou, { needs: shown, locale: 'id' });
		expect(row.text).toContain('Butuh segera di dekatmu');
		expect(row.html).toContain('href="/needs?urgent=true&amp;near=me"');
		expect((await rendered(UrgentNeedsNearYou, { needs: [], locale: 'id' })).html.trim()).toBe('');
		expect((await rendered(UrgentNeedsNearYou, { needs: null, locale: 'en' })).html.trim()).toBe(
			'',
		);
	});

	it('lists the needs list, the needs’ city pages and open needs in the sitemap, in both languages', async () => {
		const sitemap = (name: string | null) => sitemapXml(use().server.db, testOrigin, name);
		const person = await use().createUser({ complete: true });
		const listed = await insertNeed(use(), person, { district: '32.73.02' });
		const hidden = await insertNeed(use(), person, { hiddenAt: new Date() });

		const index = (await sitemap(null))!;
		expect(index).toContain(`<loc>${testOrigin}/sitemaps/need-cities.xml</loc>`);
		expect(index).toContain(`<loc>${testOrigin}/sitemaps/needs-1.xml</loc>`);
		const staticPart = (await sitemap('static'))!;
		expect(staticPart).toContain(`<loc>${testOrigin}/needs</loc>`);
		expect(staticPart).toContain(`<loc>${testOrigin}/en/needs</loc>`);
		const cities = (await sitemap('need-cities'))!;
		expect(cities).toContain(`<loc>${testOrigin}/needs/in/kota-bandung</loc>`);
		expect(cities).toContain(`<loc>${testOrigin}/en/needs/in/kota-bandung</loc>`);
		const part = (await sitemap('needs-1'))!;
		expect(part).toContain(`<loc>${testOrigin}/needs/${listed}</loc>`);
		expect(part).toContain(`<loc>${testOrigin}/en/needs/${listed}</loc>`);
		expect(part).not.toContain(`/needs/${hidden}<`);

		// A need closed since is dropped by the next request.
		await use().server.db.update(needs).set({ state: 'closed' }).where(eq(needs.id, listed));
		expect((await sitemap('needs-1')) ?? '').not.toContain(`/needs/${listed}<`);
		expect(await sitemap('needs-9')).toBeNull();
	});

	it('saves the list’s search as a search of needs when a signed-in visitor posts it', async () => {
		const person = await use().createUser({ complete: true });
		const [user] = await use().server.db.select().from(users).where(eq(users.id, person.id));
		const url = new URL(`${testOrigin}/en/needs?search=Selimut&province=32&regency=3273`);
		const post = (body: string) =>
			new Request(url, {
				method: 'POST',
				body,
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			});
		const t = useTranslations('en');
		const shown = await needListPage(
			use().server.db,
			post('search=Selimut&category=&province=32&regency=3273'),
			url,
			user!,
			t,
		);
		expect(shown.saved).toEqual({ label: 'Selimut · Kota Bandung' });
		expect(shown.view).toMatchObject({ search: 'Selimut', province: '32', regency: '3273' });
		const stored = await use()
			.server.db.select()
			.from(savedSearches)
			.where(eq(savedSearches.userId, person.id));
		expect(stored).toMatchObject([{ search: 'selimut', regencyCode: '32.73', targets: 'needs' }]);

		const nothing = await needListPage(use().server.db, post('search='), url, user!, t);
		expect(nothing.saved).toEqual({
			error: 'Type some words or pick a category or a location first, then save the search.',
		});
		// Reading the page saves nothing.
		const read = await needListPage(use().server.db, new Request(url), url, user!, t);
		expect(read.saved).toBeNull();
		const unknown = new URL(`${testOrigin}/en/needs?province=99`);
		const refused = await needListPage(use().server.db, new Request(unknown), unknown, null, t);
		expect(refused.list).toBeNull();
		expect(refused.error).toMatch(/province/i);
	});
});
