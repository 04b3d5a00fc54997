import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Item, ItemList } from '~/features/items/items';
import { users } from '~/server/db/schema';
import {
	createItemFor,
	expectError,
	jpegFile,
	postItem,
	putItem,
	toggleItem,
	validFields,
} from '../helpers/items';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

/** A made-up word no other item in the suite contains, to find one test's items. */
function marker(): string {
	return Array.from({ length: 10 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
}

const ids = (items: readonly Pick<Item, 'id'>[]) => items.map((item) => item.id);

/** Districts of the official list used below. */
const place = {
	cibeunyingKidul: '32.73.14',
	coblong: '32.73.02',
	cibeunyingKaler: '32.73.18',
	cimahiSelatan: '32.77.01',
	kebayoranBaru: '31.74.07',
};

describeOnDatabases('Item pickup areas and place filters', (use) => {
	const donor = () => use().createUser({ complete: true });

	async function list(query: string, user: TestUser | null = null): Promise<ItemList> {
		const response = await use().request(`/items${query}`, { user });
		const body = await response.json();
		expect(response.status, JSON.stringify(body)).toBe(200);
		return body.data as ItemList;
	}

	/** An item named after `word`, picked up in `district`. */
	const itemIn = (word: string, district: string, user?: TestUser) =>
		(user ? Promise.resolve(user) : donor()).then((owner) =>
			createItemFor(use(), owner, { name: `Barang ${word}`, pickupDistrict: district }),
		);

	describe('an item’s pickup district', () => {
		it('defaults to the donor’s profile district, names included', async () => {
			const item = await createItemFor(use(), await donor());
			expect(item.pickup).toEqual({
				provinceCode: '31',
				provinceName: 'DKI Jakarta',
				regencyCode: '31.74',
				regencyName: 'Kota Jakarta Selatan',
				districtCode: '31.74.07',
				districtName: 'Kebayoran Baru',
			});
		});

		it('takes the district the form chose, and a new one on edit', async () => {
			const owner = await donor();
			const item = await itemIn(marker(), place.cibeunyingKidul, owner);
			expect(item.pickup).toMatchObject({
				regencyName: 'Kota Bandung',
				districtName: 'Cibeunying Kidul',
			});
			const response = await putItem(
				use(),
				owner,
				item.id,
				validFields({ name: item.name, pickupDistrict: place.cimahiSelatan }),
			);
			const edited = (await response.json()).data as Item;
			expect(edited.pickup).toMatchObject({ regencyCode: '32.77', districtCode: '32.77.01' });
		});

		it('refuses a district that is not on the list, storing nothing', async () => {
			const owner = await donor();
			const word = marker();
			const response = await postItem(
				use(),
				owner,
				validFields({ name: `Barang ${word}`, pickupDistrict: '32.73.99' }),
				[await jpegFile()],
			);
			await expectError(response, 400, 'VALIDATION_ERROR', {
				pickupDistrict: 'itemForm.errors.pickupDistrictUnknown',
			});
			expect((await list(`?search=${word}`)).meta.total).toBe(0);
		});
	});

	describe('GET /items by place', () => {
		it('filters by province, city and district, alone and with search and category', async () => {
			const word = marker();
			const kidul = await itemIn(word, place.cibeunyingKidul);
			const coblong = await itemIn(word, place.coblong);
			const cimahi = await itemIn(word, place.cimahiSelatan);
			const jakarta = await itemIn(word, place.kebayoranBaru);

			expect(ids((await list(`?search=${word}&province=32`)).items)).toEqual(
				ids([cimahi, coblong, kidul]),
			);
			expect(ids((await list(`?search=${word}&regency=3273`)).items)).toEqual(
				ids([coblong, kidul]),
			);
			expect(ids((await list(`?search=${word}&province=32&regency=32.73`)).items)).toEqual(
				ids([coblong, kidul]),
			);
			expect(ids((await list(`?search=${word}&district=327314`)).items)).toEqual(ids([kidul]));
			expect(ids((await list(`?search=${word}&province=31&sort=oldest`)).items)).toEqual(
				ids([jakarta]),
			);
			expect((await list(`?search=${word}&province=32&category=books`)).meta.total).toBe(0);
			const chair = await createItemFor(use(), await donor(), {
				name: `Kursi ${word}`,
				category: 'furniture',
				pickupDistrict: place.coblong,
			});
			expect(ids((await list(`?search=${word}&regency=3273&category=furniture`)).items)).toEqual(
				ids([chair]),
			);
			expect(ids((await list(`?search=${word}&province=32&sort=oldest`)).items)).toEqual(
				ids([kidul, coblong, cimahi, chair]),
			);
			const paged = await list(
				`?search=${word}&province=32&regency=3273&district=327302&limit=1&page=2`,
			);
			expect(ids(paged.items)).toEqual(ids([coblong]));
			expect(paged.meta.total).toBe(2);
			const filtered = await list(`?province=32&regency=3277&district=327701&status=available`);
			expect(ids(filtered.items)).toContain(cimahi.id);
			expect(filtered.items.every((item) => item.pickup?.districtCode === '32.77.01')).toBe(true);
		});

		it('finds items by the name of their city or district, typos included', async () => {
			const word = marker();
			const kidul = await itemIn(word, place.cibeunyingKidul);
			const jakarta = await itemIn(word, place.kebayoranBaru);
			const inBandung = await list(`?search=bandung&regency=3273`);
			expect(ids(inBandung.items)).toContain(kidul.id);
			const byDistrict = await list(`?search=cibeunying&district=327314`);
			expect(ids(byDistrict.items)).toContain(kidul.id);
			const misspelled = await list(`?search=cibeunyinq&district=327314`);
			expect(ids(misspelled.items)).toContain(kidul.id);
			const surabaya = await itemIn(word, '35.78.08');
			expect(ids((await list(`?search=surabaya&province=35`)).items)).toContain(surabaya.id);
			expect(ids((await list(`?search=gubeng&regency=3578`)).items)).toContain(surabaya.id);
			const kebayoran = await list(`?search=kebayoran&province=31`);
			expect(ids(kebayoran.items)).toContain(jakarta.id);
		});

		it('answers 400 with a translated message for codes that name no place', async () => {
			for (const [query, field] of [
				['?province=99', 'province'],
				['?regency=3299', 'regency'],
				['?district=32.73.99', 'district'],
				['?province=abc', 'province'],
			] as const) {
				const id = await expectError(
					await use().request(`/items${query}`),
					400,
					'VALIDATION_ERROR',
					{ [field]: `items.errors.unknownPlace.${field}` },
				);
				expect(id.message).toMatch(/tidak ada di daftar/);
				const en = await expectError(
					await use().request(`/items${query}`, { headers: { 'Accept-Language': 'en' } }),
					400,
					'VALIDATION_ERROR',
				);
				expect(en.message).toMatch(/not on the list/);
			}
			await expectError(
				await use().request('/items?province=31&regency=3273'),
				400,
				'VALIDATION_ERROR',
				{
					regency: 'items.errors.placeOutside',
				},
			);
		});
	});

	describe('GET /items?near=me', () => {
		it('lists the viewer’s district, then city, then province, then the rest, newest first in each', async () => {
			const word = marker();
			const kidulOld = await itemIn(word, place.cibeunyingKidul);
			const jakarta = await itemIn(word, place.kebayoranBaru);
			const cimahi = await itemIn(word, place.cimahiSelatan);
			const coblong = await itemIn(word, place.coblong);
			const kidulNew = await itemIn(word, place.cibeunyingKidul);

			const viewer = await donor();
			await use()
				.server.db.update(users)
				.set({
					areaId: place.cibeunyingKidul,
					areaName: 'Cibeunying Kidul, Kota Bandung, Jawa Barat',
				})
				.where(eq(users.id, viewer.id));
			const near = await list(`?search=${word}&near=me`, viewer);
			expect(ids(near.items)).toEqual(ids([kidulNew, kidulOld, coblong, cimahi, jakarta]));
			expect(near.meta.total).toBe(5);

			const second = await list(`?search=${word}&near=me&limit=2&page=2`, viewer);
			expect(ids(second.items)).toEqual(ids([coblong, cimahi]));
			const newest = await itemIn(word, place.coblong);
			const again = await list(`?search=${word}&near=me`, viewer);
			expect(again.meta.total).toBe(6);
			expect(ids(again.items)).toEqual(ids([kidulNew, kidulOld, newest, coblong, cimahi, jakarta]));
			const inProvince = await list(`?search=${word}&near=me&province=32`, viewer);
			expect(ids(inProvince.items)).toEqual(ids([kidulNew, kidulOld, newest, coblong, cimahi]));
		});

		it('pages the whole list near me, and counts it again once an item is given away', async () => {
			const owner = await donor();
			const earlierInCity = await itemIn(marker(), place.coblong, owner);
			const older = await itemIn(marker(), place.cibeunyingKaler, owner);
			const inCity = await itemIn(marker(), place.coblong, owner);
			const newer = await itemIn(marker(), place.cibeunyingKaler, owner);
			const viewer = await donor();
			await use()
				.server.db.update(users)
				.set({
					areaId: place.cibeunyingKaler,
					areaName: 'Cibeunying Kaler, Kota Bandung, Jawa Barat',
				})
				.where(eq(users.id, viewer.id));

			const available = (await list('?status=available', viewer)).meta.total;
			const near = await list('?status=available&near=me&limit=4', viewer);
			expect(near.meta.total).toBe(available);
			expect(ids(near.items)).toEqual(ids([newer, older, inCity, earlierInCity]));
			const second = await list('?status=available&near=me&limit=2&page=2', viewer);
			expect(ids(second.items)).toEqual(ids(near.items.slice(2, 4)));
			const first = await list('?status=available&near=me&limit=12', viewer);
			const deep = await list('?status=available&near=me&limit=1&page=12', viewer);
			expect(ids(deep.items)).toEqual(ids(first.items.slice(11, 12)));

			await toggleItem(use(), owner, newer.id);
			const after = await list('?status=available&near=me&limit=4', viewer);
			expect(after.meta.total).toBe(available - 1);
			expect(ids(after.items.slice(0, 3))).toEqual(ids([older, inCity, earlierInCity]));
		});

		it('is refused, translated, for visitors without a district', async () => {
			const error = await expectError(
				await use().request('/items?near=me'),
				400,
				'VALIDATION_ERROR',
				{
					near: 'items.errors.nearMeNeedsDistrict',
				},
			);
			expect(error.message).toMatch(/kecamatan/);
		});
	});

	describe('the official list of places', () => {
		it('lists provinces, and a province’s cities with their page slugs, cached for a day', async () => {
			const provinces = await use().request('/places/provinces');
			expect(provinces.headers.get('Cache-Control')).toContain('max-age=86400');
			const { data } = await provinces.json();
			expect(data.provinces).toContainEqual({ code: '32', name: 'Jawa Barat' });
			expect(data.provinces).toContainEqual({ code: '31', name: 'DKI Jakarta' });

			const regencies = await (await use().request('/places/provinces/32/regencies')).json();
			expect(regencies.data.regencies).toContainEqual({
				code: '32.73',
				name: 'Kota Bandung',
				slug: 'kota-bandung',
			});
			expect((await use().request('/places/provinces/99/regencies')).status).toBe(404);
		});

		it('searches districts of the official list for the item form', async () => {
			const response = await use().request('/places/districts/search?q=cibeunying');
			const { data } = await response.json();
			expect(data.areas[0]).toMatchObject({ id: expect.stringMatching(/^32\.73\.1[48]$/) });
			await expectError(
				await use().request('/places/districts/search?q=ci'),
				400,
				'VALIDATION_ERROR',
				{
					q: 'form.errors.areaQueryMin',
				},
			);
		});
	});
});
