import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import DriveDetail from '~/features/drives/DriveDetail.astro';
import { dayAfter, type Drive, jakartaDay } from '~/features/drives/drives';
import { drivePageMeta } from '~/features/drives/drive-page';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import type { Locale } from '~/lib/i18n/locales';
import { drives, itemRequests, needs, organisations } from '~/server/db/schema';
import { useTranslations } from '~/server/i18n';
import { expectError } from '../helpers/items';
import { givingIn } from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

type OrganisationState = 'pending' | 'verified' | 'refused';

/** A member who owns an organisation in `state`. */
async function organisationOwner(
	test: TestServer,
	state: OrganisationState,
	name = 'Panti Asuhan Kasih',
) {
	const owner = await test.createUser({ complete: true, name: 'Sari Dewi' });
	await test.server.db.insert(organisations).values({
		ownerId: owner.id,
		name,
		kind: 'orphanage',
		address: 'Jl. Melati No. 5, RT 03/RW 04',
		provinceCode: '31',
		provinceName: 'DKI Jakarta',
		regencyCode: '31.74',
		regencyName: 'Kota Jakarta Selatan',
		districtCode: '31.74.07',
		districtName: 'Kebayoran Baru',
		contactName: 'Sari Dewi',
		state,
	});
	return owner;
}

const inDays = (days: number) => dayAfter(jakartaDay(new Date()), days);

function driveBody(overrides: Record<string, unknown> = {}) {
	return {
		title: 'Seragam untuk anak panti',
		story: 'Dua puluh anak mulai sekolah bulan depan dan belum punya seragam serta buku tulis.',
		address: 'Jl. Melati No. 5, Kebayoran Baru',
		district: '31.74.07',
		endDate: inDays(14),
		needs: [
			{ title: 'Seragam SD', category: 'clothing', quantity: 20 },
			{
				title: 'Buku tulis',
				category: 'books',
				quantity: 50,
				description: 'Buku tulis bergaris, ukuran besar.',
			},
		],
		...overrides,
	};
}

function send(
	test: TestServer,
	user: TestUser | null,
	path: string,
	method: string,
	body?: unknown,
	language = 'id',
) {
	return test.request(path, {
		method,
		user,
		headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
}

async function createdDrive(test: TestServer, user: TestUser, body = driveBody()): Promise<number> {
	const response = await send(test, user, '/drives', 'POST', body);
	expect(response.status, await response.clone().text()).toBe(201);
	return ((await response.json()) as { data: { id: number } }).data.id;
}

async function readDrive(
	test: TestServer,
	id: number,
	user: TestUser | null = null,
): Promise<Drive> {
	const response = await test.request(`/drives/${id}`, { user });
	expect(response.status, await response.clone().text()).toBe(200);
	return ((await response.json()) as { data: Drive }).data;
}

const storedDrives = async (test: TestServer) =>
	(await test.server.db.select({ id: drives.id }).from(drives)).length;

/** The text a component renders, without its tags. */
async function renderedText(drive: Drive, locale: Locale) {
	const container = await AstroContainer.create();
	const html = await container.renderToString(DriveDetail, {
		props: { drive, locale, now: new Date() },
		locals: { useTranslations, user: null, isModerator: false, origin: 'http://localhost' },
	});
	return {
		html,
		text: html
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim(),
	};
}

describeOnDatabases('Giving drives', (use) => {
	it('are opened by a verified organisation’s owner, with one need per line closing when the drive ends', async () => {
		const test = use();
		const owner = await organisationOwner(test, 'verified');
		const id = await createdDrive(test, owner);

		const drive = await readDrive(test, id);
		expect(drive).toMatchObject({
			title: 'Seragam untuk anak panti',
			address: 'Jl. Melati No. 5, Kebayoran Baru',
			district: { code: '31.74.07', name: 'Kebayoran Baru', regencyName: 'Kota Jakarta Selatan' },
			ended: false,
			organisation: { name: 'Panti Asuhan Kasih', verified: true },
			needs: [
				{ title: 'Seragam SD', category: 'clothing', quantity: 20, received: 0, description: '' },
				{ title: 'Buku tulis', quantity: 50, received: 0 },
			],
		});
		const rows = await test.server.db.select().from(needs).where(eq(needs.driveId, id));
		const [stored] = await test.server.db.select().from(drives).where(eq(drives.id, id));
		expect(stored!.endsAt.toISOString()).toBe(
			new Date(`${inDays(14)}T23:59:59.999+07:00`).toISOString(),
		);
		expect(rows).toHaveLength(2);
		for (const row of rows) {
			expect(row).toMatchObject({
				ownerId: owner.id,
				organisationId: stored!.organisationId,
				reach: 'delivery',
				urgency: 'normal',
				state: 'open',
				districtCode: '31.74.07',
			});
			expect(row.closesAt.toISOString()).toBe(stored!.endsAt.toISOString());
		}
		const current = await test.request('/drives');
		expect((await current.json()).data).toContainEqual(
			expect.objectContaining({ id, organisationName: 'Panti Asuhan Kasih', needsCount: 2 }),
		);
	});

	it('are opened by a moderator, and refused to pending and refused organisations, other members and strangers', async () => {
		const test = use();
		const moderator = await createModerator(test);
		const byModerator = await readDrive(test, await createdDrive(test, moderator));
		expect(byModerator.organisation).toBeNull();

		const before = await storedDrives(test);
		for (const state of ['pending', 'refused'] as const) {
			const refused = await expectError(
				await send(
					test,
					await organisationOwner(test, state),
					'/drives',
					'POST',
					driveBody(),
					'en',
				),
				403,
				'FORBIDDEN',
			);
			expect(refused.message).toBe(
				'Only owners of verified organisations and moderators can start a drive.',
			);
		}
		const member = await test.createUser({ complete: true });
		await expectError(await send(test, member, '/drives', 'POST', driveBody()), 403, 'FORBIDDEN');
		await expectError(await send(test, null, '/drives', 'POST', driveBody()), 401, 'UNAUTHORIZED');
		expect(await storedDrives(test)).toBe(before);
	});

	it('refuse a bad form field by field with translated messages, storing nothing', async () => {
		const test = use();
		const owner = await organisationOwner(test, 'verified');
		const before = await storedDrives(test);
		const cases: [Record<string, unknown>, Record<string, string>][] = [
			[{ title: 'Baju' }, { title: 'drives.errors.titleMin' }],
			[{ story: '   ' }, { story: 'drives.errors.storyRequired' }],
			[{ address: 'Jl. A' }, { address: 'drives.errors.addressMin' }],
			[{ district: 'Jakarta' }, { district: 'drives.errors.districtRequired' }],
			[{ district: '99.99.99' }, { district: 'drives.errors.districtUnknown' }],
			[{ endDate: inDays(-1) }, { endDate: 'drives.errors.endDatePast' }],
			[{ endDate: inDays(91) }, { endDate: 'drives.errors.endDateTooFar' }],
			[{ endDate: '2026-02-30' }, { endDate: 'drives.errors.endDateInvalid' }],
			[{ needs: [] }, { needs: 'drives.errors.needsRequired' }],
			[
				{
					needs: Array.from({ length: 21 }, () => ({
						title: 'Sabun',
						category: 'household',
						quantity: 1,
					})),
				},
				{ needs: 'drives.errors.needsMax' },
			],
			[
				{
					needs: [
						{ title: 'Seragam SD', category: 'clothing', quantity: 20 },
						{ title: 'Se', category: 'money', quantity: 0, description: 'kecil' },
					],
				},
				{
					'needs.1.title': 'drives.needs.errors.titleMin',
					'needs.1.category': 'drives.needs.errors.categoryInvalid',
					'needs.1.quantity': 'drives.needs.errors.quantityMin',
					'needs.1.description': 'drives.needs.errors.descriptionMin',
				},
			],
			// An orphanage may ask for at most 200 of one thing.
			[
				{ needs: [{ title: 'Selimut', category: 'household', quantity: 500 }] },
				{ 'needs.0.quantity': 'drives.needs.errors.quantityOverOrganisation' },
			],
		];
		for (const [overrides, fields] of cases) {
			const error = await expectError(
				await send(test, owner, '/drives', 'POST', driveBody(overrides)),
				400,
				'VALIDATION_ERROR',
				fields,
			);
			expect(error.message).toMatch(/\S/);
		}
		const text = useTranslations('en');
		expect(text('drives.needs.errors.quantityOverOrganisation')).not.toBe(
			'drives.needs.errors.quantityOverOrganisation',
		);
		await expectError(
			await test.request('/drives', {
				method: 'POST',
				user: owner,
				headers: { 'Content-Type': 'application/json' },
				body: '{"title":',
			}),
			400,
			'VALIDATION_ERROR',
		);
		expect(await storedDrives(test)).toBe(before);
	});

	it('count only confirmed hand-overs towards a need, by the quantity given', async () => {
		const test = use();
		const owner = await organisationOwner(test, 'verified');
		const id = await createdDrive(test, owner);
		const [first, second] = (await readDrive(test, id)).needs;
		for (const state of ['open', 'reserved', 'handedOver', 'confirmed', 'confirmed'] as const) {
			const { request } = await givingIn(test, state, { quantity: 2, itemQuantity: 3 });
			await test.server.db
				.update(itemRequests)
				.set({ needId: first!.id })
				.where(eq(itemRequests.id, request.id));
		}
		const { request: declined } = await givingIn(test, 'declined');
		await test.server.db
			.update(itemRequests)
			.set({ needId: second!.id })
			.where(eq(itemRequests.id, declined.id));

		const drive = await readDrive(test, id);
		expect(drive.needs.map((need) => [need.title, need.received])).toEqual([
			['Seragam SD', 4],
			['Buku tulis', 0],
		]);
		const shown = await renderedText(drive, 'id');
		expect(shown.text).toContain('4 dari 20 diterima');
		expect(shown.html).toMatch(/<progress[^>]*value="4"[^>]*max="20"/);
		expect(shown.html).toContain(`href="/needs/${first!.id}"`);
	});

	it('let the creator change the story and end date, and end early; an ended drive closes its needs and keeps its totals', async () => {
		const test = use();
		const owner = await organisationOwner(test, 'verified');
		const id = await createdDrive(test, owner);
		const stranger = await test.createUser({ complete: true });
		const story = 'Sekolah dimulai lebih cepat, jadi seragam dibutuhkan minggu ini juga.';

		await expectError(
			await send(test, stranger, `/drives/${id}`, 'PATCH', { story }),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await send(test, owner, `/drives/${id}`, 'PATCH', { endDate: inDays(120) }),
			400,
			'VALIDATION_ERROR',
			{ endDate: 'drives.errors.endDateTooFar' },
		);
		const changed = await send(test, owner, `/drives/${id}`, 'PATCH', {
			story,
			endDate: inDays(30),
		});
		expect(changed.status, await changed.clone().text()).toBe(200);
		const updated = await readDrive(test, id);
		expect(updated.story).toBe(story);
		const openNeeds = await test.server.db.select().from(needs).where(eq(needs.driveId, id));
		expect(openNeeds.every((need) => need.closesAt.toISOString() === updated.endsAt)).toBe(true);

		const { request } = await givingIn(test, 'confirmed');
		await test.server.db
			.update(itemRequests)
			.set({ needId: updated.needs[0]!.id })
			.where(eq(itemRequests.id, request.id));

		await expectError(await send(test, stranger, `/drives/${id}/end`, 'POST'), 404, 'NOT_FOUND');
		const end = await send(test, owner, `/drives/${id}/end`, 'POST');
		expect(end.status, await end.clone().text()).toBe(200);

		const finished = await readDrive(test, id);
		expect(finished.ended).toBe(true);
		expect(finished.needs[0]!.received).toBe(1);
		const closed = await test.server.db.select().from(needs).where(eq(needs.driveId, id));
		expect(closed.map((need) => need.state)).toEqual(['closed', 'closed']);
		expect((await (await test.request('/drives')).json()).data).not.toContainEqual(
			expect.objectContaining({ id }),
		);
		const again = await expectError(
			await send(test, owner, `/drives/${id}`, 'PATCH', { story }, 'en'),
			409,
			'REQUEST_CONFLICT',
		);
		expect(again.message).toBe('This drive has ended, so it can no longer be changed.');

		const shown = await renderedText(finished, 'en');
		expect(shown.text).toContain('Drive ended');
		expect(shown.text).toContain('1 of 20 received');
		expect(shown.html).not.toContain('/needs/');
	});

	it('are hidden by a moderator, with their needs, and found again once shown', async () => {
		const test = use();
		const owner = await organisationOwner(test, 'verified');
		const moderator = await createModerator(test);
		const id = await createdDrive(test, owner);

		await expectError(
			await send(test, owner, `/drives/${id}/hidden`, 'PUT', { hidden: true }),
			404,
			'NOT_FOUND',
		);
		const hide = await send(test, moderator, `/drives/${id}/hidden`, 'PUT', { hidden: true });
		expect(hide.status, await hide.clone().text()).toBe(200);
		await expectError(await test.request(`/drives/${id}`), 404, 'NOT_FOUND');
		expect((await readDrive(test, id, moderator)).hidden).toBe(true);
		const hiddenNeeds = await test.server.db.select().from(needs).where(eq(needs.driveId, id));
		expect(hiddenNeeds.every((need) => need.hiddenAt !== null)).toBe(true);
		expect(await sitemapXml(test.server.db, 'https://hibahin.id', 'drives')).not.toContain(
			`/drives/${id}<`,
		);

		await send(test, moderator, `/drives/${id}/hidden`, 'PUT', { hidden: false });
		expect((await readDrive(test, id)).hidden).toBe(false);
		expect(await sitemapXml(test.server.db, 'https://hibahin.id', 'drives')).toContain(
			`<loc>https://hibahin.id/en/drives/${id}</loc>`,
		);
		expect(await sitemapXml(test.server.db, 'https://hibahin.id', null)).toContain(
			'https://hibahin.id/sitemaps/drives.xml',
		);
	});

	it('show their page in both languages, with the preview’s title and description', async () => {
		const test = use();
		const owner = await organisationOwner(test, 'verified');
		const drive = await readDrive(test, await createdDrive(test, owner));

		const id = await renderedText(drive, 'id');
		expect(id.text).toContain('Seragam untuk anak panti');
		expect(id.text).toContain('Panti Asuhan Kasih');
		expect(id.text).toContain('Terverifikasi');
		expect(id.text).toContain('Berakhir dalam 14 hari');
		expect(id.text).toContain('Jl. Melati No. 5, Kebayoran Baru');
		expect(id.html).toContain('Beri');
		const en = await renderedText(drive, 'en');
		expect(en.text).toContain('Ends in 14 days');
		expect(en.html).toContain(`href="/en/needs/${drive.needs[0]!.id}"`);

		expect(drivePageMeta(drive, useTranslations('id'))).toEqual({
			title: 'Seragam untuk anak panti',
			description:
				'Penggalangan Seragam untuk anak panti di Kebayoran Baru, Kota Jakarta Selatan: 2 kebutuhan. Bantu dengan barang yang tidak kamu pakai.',
		});
		expect(drivePageMeta(drive, useTranslations('en')).description).toBe(
			'Seragam untuk anak panti, a drive in Kebayoran Baru, Kota Jakarta Selatan: 2 needs. Help with things you no longer use.',
		);
	});
});
