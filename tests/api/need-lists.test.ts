import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NeedList } from '~/features/need-lists/need-lists';
import { users } from '~/server/db/schema';
import { expectError } from '../helpers/items';
import { insertNeed, insertOrganisation, marker } from '../helpers/need-rows';
import { setOrganisationState } from '../helpers/needs';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

/** Districts of the official list used below. */
const place = {
	kebayoranBaru: '31.74.07',
	tebet: '31.74.01',
	gambir: '31.71.01',
	coblong: '32.73.02',
	cimahiSelatan: '32.77.01',
};

const day = 24 * 60 * 60_000;
/** A moment `minutes` ago, to order needs without waiting. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeOnDatabases('Need lists', (use) => {
	const owner = () => use().createUser({ complete: true });

	async function list(query: string, user: TestUser | null = null): Promise<NeedList> {
		const response = await use().request(`/needs${query}`, { user });
		const text = await response.text();
		expect(response.status, text).toBe(200);
		return JSON.parse(text).data as NeedList;
	}
	const ids = async (query: string, user: TestUser | null = null) =>
		(await list(query, user)).needs.map((need) => need.id);

	it('lists open needs newest first, as cards with their organisation and urgency', async () => {
		const word = marker();
		const person = await owner();
		const organisation = await insertOrganisation(use(), person, 'verified');
		const older = await insertNeed(use(), person, {
			title: `Seragam sekolah ${word}`,
			createdAt: ago(10),
		});
		const newer = await insertNeed(use(), person, {
			title: `Selimut ${word}`,
			urgency: 'urgent',
			organisationId: organisation,
			quantity: 40,
			category: 'household',
			createdAt: ago(5),
		});
		const page = await list(`?search=${word}`);
		expect(page.needs.map((need) => need.id)).toEqual([newer, older]);
		expect(page.needs[0]).toEqual({
			id: newer,
			title: `Selimut ${word}`,
			category: 'household',
			quantity: 40,
			urgent: true,
			regencyName: 'Kota Jakarta Selatan',
			districtName: 'Kebayoran Baru',
			photo: null,
			organisation: { name: 'Panti Asuhan Harapan', verified: true },
			createdAt: expect.any(String),
		});
		expect(page.needs[1]).toMatchObject({ urgent: false, organisation: null });
		expect(JSON.stringify(page)).not.toMatch(/\+62/);
	});

	it('shows an organisation that is not verified without the badge', async () => {
		const word = marker();
		const person = await owner();
		const organisation = await insertOrganisation(use(), person, 'pending', 'Sekolah Pelita');
		await insertNeed(use(), person, { title: `Meja ${word}`, organisationId: organisation });
		expect((await list(`?search=${word}`)).needs[0]!.organisation).toEqual({
			name: 'Sekolah Pelita',
			verified: false,
		});
		// The list's pages are kept per version: a verification changes them at once.
		await setOrganisationState(use(), organisation, 'verified');
		expect((await list(`?search=${word}`)).needs[0]!.organisation).toEqual({
			name: 'Sekolah Pelita',
			verified: true,
		});
	});

	it('leaves out fulfilled, closed, expired and hidden needs, and those of suspended or leaving owners', async () => {
		const word = marker();
		const title = `Sepatu ${word}`;
		const person = await owner();
		const listed = await insertNeed(use(), person, { title });
		await insertNeed(use(), person, { title, state: 'fulfilled' });
		await insertNeed(use(), person, { title, state: 'closed' });
		await insertNeed(use(), person, { title, closesAt: new Date(Date.now() - 1000) });
		await insertNeed(use(), person, { title, hiddenAt: new Date() });
		const suspended = await owner();
		await insertNeed(use(), suspended, { title });
		await use()
			.server.db.update(users)
			.set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + day) })
			.where(eq(users.id, suspended.id));
		const leaving = await owner();
		await insertNeed(use(), leaving, { title });
		await use()
			.server.db.update(users)
			.set({ deletionRequestedAt: new Date() })
			.where(eq(users.id, leaving.id));
		const pastSuspension = await owner();
		const back = await insertNeed(use(), pastSuspension, { title, createdAt: ago(60) });
		await use()
			.server.db.update(users)
			.set({ suspendedAt: new Date(Date.now() - 2 * day), suspendedUntil: ago(1) })
			.where(eq(users.id, pastSuspension.id));

		const page = await list(`?search=${word}`);
		expect(page.needs.map((need) => need.id)).toEqual([listed, back]);
		expect(page.meta.total).toBe(2);
	});

	it('searches titles, descriptions and places, and filters by category, place and urgency', async () => {
		const word = marker();
		const person = await owner();
		const bandungBooks = await insertNeed(use(), person, {
			title: `Buku cerita ${word}`,
			district: place.coblong,
			createdAt: ago(4),
		});
		const bandungUrgent = await insertNeed(use(), person, {
			title: 'Tenda darurat',
			description: `Untuk posko banjir ${word} di kampung kami.`,
			category: 'household',
			urgency: 'urgent',
			district: place.coblong,
			createdAt: ago(3),
		});
		const cimahi = await insertNeed(use(), person, {
			title: `Rak buku ${word}`,
			category: 'furniture',
			district: place.cimahiSelatan,
			createdAt: ago(2),
		});
		const jakarta = await insertNeed(use(), person, {
			title: `Tas sekolah ${word}`,
			category: 'other',
			urgency: 'urgent',
			createdAt: ago(1),
		});

		expect(await ids(`?search=${word.toUpperCase()}`)).toEqual([
			jakarta,
			cimahi,
			bandungUrgent,
			bandungBooks,
		]);
		expect(await ids(`?search=${word}&category=books`)).toEqual([bandungBooks]);
		expect(await ids(`?search=${word}&province=32`)).toEqual([cimahi, bandungUrgent, bandungBooks]);
		expect(await ids(`?search=${word}&province=32&regency=32.73`)).toEqual([
			bandungUrgent,
			bandungBooks,
		]);
		expect(await ids(`?search=${word}&district=327302`)).toEqual([bandungUrgent, bandungBooks]);
		expect(await ids(`?search=${word}&urgent=true`)).toEqual([jakarta, bandungUrgent]);
		expect(await ids(`?search=${word}&urgent=true&province=32`)).toEqual([bandungUrgent]);
		// The city's name is part of what a search reads.
		expect(await ids(`?search=${word}&category=furniture`)).toEqual([cimahi]);
		expect(await ids(`?search=kota cimahi&category=furniture`)).toContain(cimahi);
		expect((await list(`?search=${word}%25`)).meta.total).toBe(0);
	});

	it('pages through a list with its page facts', async () => {
		const word = marker();
		const person = await owner();
		const made: number[] = [];
		for (let index = 0; index < 5; index += 1) {
			made.push(
				await insertNeed(use(), person, { title: `Kursi ${word}`, createdAt: ago(10 - index) }),
			);
		}
		const newestFirst = made.toReversed();
		const second = await list(`?search=${word}&limit=2&page=2`);
		expect(second.needs.map((need) => need.id)).toEqual(newestFirst.slice(2, 4));
		expect(second.meta).toEqual({
			page: 2,
			limit: 2,
			total: 5,
			totalPages: 3,
			hasPrevPage: true,
			hasNextPage: true,
		});
		const last = await list(`?search=${word}&limit=2&page=3`);
		expect(last.needs.map((need) => need.id)).toEqual(newestFirst.slice(4));
		expect(last.meta.hasNextPage).toBe(false);
		expect((await list(`?search=${word}&limit=2&page=9`)).needs).toEqual([]);
	});

	describe('near me', () => {
		it('orders by the viewer’s district, city, province, then the rest, verified organisations first in each', async () => {
			const word = marker();
			const viewer = await owner();
			const person = await owner();
			const organiser = await owner();
			const verified = await insertOrganisation(use(), organiser, 'verified');
			const pendingOwner = await owner();
			const pending = await insertOrganisation(use(), pendingOwner, 'pending', 'Komunitas Baca');
			const title = `Lemari ${word}`;
			const elsewhere = await insertNeed(use(), person, {
				title,
				district: place.coblong,
				createdAt: ago(1),
			});
			const elsewhereVerified = await insertNeed(use(), organiser, {
				title,
				district: place.coblong,
				organisationId: verified,
				createdAt: ago(50),
			});
			const province = await insertNeed(use(), person, {
				title,
				district: place.gambir,
				createdAt: ago(2),
			});
			const city = await insertNeed(use(), person, {
				title,
				district: place.tebet,
				createdAt: ago(3),
			});
			const district = await insertNeed(use(), person, { title, createdAt: ago(4) });
			const districtPending = await insertNeed(use(), pendingOwner, {
				title,
				organisationId: pending,
				createdAt: ago(5),
			});
			const districtVerified = await insertNeed(use(), organiser, {
				title,
				organisationId: verified,
				createdAt: ago(40),
			});

			expect(await ids(`?search=${word}&near=me`, viewer)).toEqual([
				districtVerified,
				district,
				districtPending,
				city,
				province,
				elsewhereVerified,
				elsewhere,
			]);
			// Without "near me", newest first whoever posted.
			expect(await ids(`?search=${word}`, viewer)).toEqual([
				elsewhere,
				province,
				city,
				district,
				districtPending,
				districtVerified,
				elsewhereVerified,
			]);
			expect(await ids(`?search=${word}&near=me&limit=2&page=2`, viewer)).toEqual([
				districtPending,
				city,
			]);
		});

		it('is refused, translated, to visitors without a district of their own', async () => {
			const signedOut = await use().request('/needs?near=me', {
				headers: { 'Accept-Language': 'en' },
			});
			const error = await expectError(signedOut, 400, 'VALIDATION_ERROR', {
				near: 'needLists.errors.nearMeNeedsDistrict',
			});
			expect(error.message).toMatch(/district/);
			const noDistrict = await use().createUser();
			const refused = await use().request('/needs?near=me', { user: noDistrict });
			const indonesian = await expectError(refused, 400, 'VALIDATION_ERROR');
			expect(indonesian.message).toMatch(/kecamatan/);
		});
	});

	it.each([
		['a page size over the largest', '?limit=49'],
		['page 0', '?page=0'],
		['an unknown category', '?category=weapons'],
		['an urgency that is not true or false', '?urgent=maybe'],
		['a search over 100 characters', `?search=${'a'.repeat(101)}`],
		['an unknown order', '?near=you'],
	])('refuses %s with a translated 400', async (_, query) => {
		const response = await use().request(`/needs${query}`, {
			headers: { 'Accept-Language': 'en' },
		});
		const error = await expectError(response, 400, 'VALIDATION_ERROR');
		expect(error.message).toMatch(/not right/);
	});

	it('refuses unknown places and a city outside the province, translated', async () => {
		await expectError(await use().request('/needs?province=99'), 400, 'VALIDATION_ERROR', {
			province: 'items.errors.unknownPlace.province',
		});
		const outside = await use().request('/needs?province=31&regency=3273', {
			headers: { 'Accept-Language': 'en' },
		});
		await expectError(outside, 400, 'VALIDATION_ERROR', { regency: 'items.errors.placeOutside' });
	});
});
