import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organisationLimits } from '~/config/limits';
import { purgeAccount, requestDeletion } from '~/features/account/account-deletion.server';
import { deleteDecidedDocuments } from '~/features/organisations/organisation-documents.server';
import type { Organisation } from '~/features/organisations/organisations';
import {
	organisationSummary,
	profileOrganisation,
} from '~/features/organisations/organisations.server';
import { GET as mediaRoute } from '~/pages/media/[...key]';
import { moderationActions, organisations, users } from '~/server/db/schema';
import { expectError, jpegBytes } from '../helpers/items';
import { newNotifications, notificationsOf } from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

async function documentUrl(): Promise<string> {
	return `data:image/jpeg;base64,${(await jpegBytes(320, 240)).toString('base64')}`;
}

async function validForm(overrides: Record<string, unknown> = {}) {
	return {
		name: 'Panti Asuhan Kasih Bunda',
		kind: 'orphanage',
		address: 'Jl. Melati No. 7, RT 03/RW 05, dekat masjid',
		district: '31.74.07',
		contactName: 'Ibu Sri Rahayu',
		document: await documentUrl(),
		...overrides,
	};
}

function send(
	test: TestServer,
	user: TestUser | null,
	method: 'POST' | 'PUT',
	body: unknown,
	language = 'id',
) {
	return test.request(method === 'POST' ? '/organisations' : '/organisations/mine', {
		method,
		user,
		headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
		body: JSON.stringify(body),
	});
}

async function registered(test: TestServer, owner: TestUser, overrides = {}) {
	const response = await send(test, owner, 'POST', await validForm(overrides));
	expect(response.status, await response.clone().text()).toBe(201);
	return ((await response.json()) as { data: Organisation }).data;
}

function decide(
	test: TestServer,
	user: TestUser | null,
	id: number,
	body: Record<string, unknown>,
	language = 'id',
) {
	return test.request(`/moderation/organisations/${id}`, {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
		body: JSON.stringify(body),
	});
}

async function decided(test: TestServer, moderator: TestUser, id: number, body = {}) {
	const response = await decide(test, moderator, id, { decision: 'verify', ...body });
	expect(response.status, await response.clone().text()).toBe(201);
}

const rowOf = async (test: TestServer, id: number) =>
	(await test.server.db.select().from(organisations).where(eq(organisations.id, id)))[0];

const stored = async (test: TestServer, ownerId: string) =>
	(
		await test.server.db
			.select({ id: organisations.id })
			.from(organisations)
			.where(eq(organisations.ownerId, ownerId))
	).length;

describeOnDatabases('Organisations', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	/** A fresh owner's organisation brought to `state` by a fresh moderator. */
	async function organisationIn(state: 'pending' | 'verified' | 'refused') {
		const test = use();
		const owner = await person('Sri Rahayu');
		const moderator = await createModerator(test);
		const organisation = await registered(test, owner);
		if (state === 'verified') await decided(test, moderator, organisation.id);
		if (state === 'refused') {
			await decided(test, moderator, organisation.id, {
				decision: 'refuse',
				note: 'Dokumennya tidak terbaca.',
			});
		}
		return { owner, moderator, organisation };
	}

	it('are registered by a person with a complete profile, once, pending a moderator', async () => {
		const test = use();
		const owner = await person();
		const organisation = await registered(test, owner);
		expect(organisation).toMatchObject({
			ownerId: owner.id,
			name: 'Panti Asuhan Kasih Bunda',
			kind: 'orphanage',
			state: 'pending',
			verified: false,
			district: { code: '31.74.07', name: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta' },
			contactName: 'Ibu Sri Rahayu',
			hasDocument: true,
			decisionNote: null,
		});
		const mine = await test.request('/organisations/mine', { user: owner });
		expect((await mine.json()).data).toEqual(organisation);
		expect((await rowOf(test, organisation.id))!.documentKey).toMatch(
			/^documents\/[a-f0-9]{32}\.webp$/,
		);

		const again = await send(test, owner, 'POST', await validForm({ name: 'Sekolah Lain' }), 'en');
		const error = await expectError(again, 409, 'REQUEST_CONFLICT');
		expect(error.message).toBe(
			'You have already registered an organisation. Edit that one instead.',
		);
		expect(await stored(test, owner.id)).toBe(1);

		const incomplete = await test.createUser();
		const refused = await expectError(
			await send(test, incomplete, 'POST', await validForm()),
			403,
			'FORBIDDEN',
		);
		expect(refused.message).toBe('Lengkapi profilmu dulu sebelum mendaftarkan organisasi.');
		await expectError(await send(test, null, 'POST', await validForm()), 401, 'UNAUTHORIZED');
		expect(await stored(test, incomplete.id)).toBe(0);
		const none = await test.request('/organisations/mine', { user: incomplete });
		expect((await none.json()).data).toBeNull();
	});

	it('refuses each wrong field with its translated message, storing nothing', async () => {
		const test = use();
		const owner = await person();
		const cases: [Record<string, unknown>, Record<string, string>][] = [
			[{ name: ' ' }, { name: 'organisations.errors.nameRequired' }],
			[{ name: 'ab' }, { name: 'organisations.errors.nameMin' }],
			[
				{ name: 'a'.repeat(organisationLimits.nameMax + 1) },
				{ name: 'organisations.errors.nameMax' },
			],
			[{ kind: 'club' }, { kind: 'organisations.errors.kindInvalid' }],
			[{ address: 'Jl. A' }, { address: 'organisations.errors.addressMin' }],
			[
				{ address: 'a'.repeat(organisationLimits.addressMax + 1) },
				{ address: 'organisations.errors.addressMax' },
			],
			[{ district: '' }, { district: 'organisations.errors.districtRequired' }],
			[{ district: 'Bandung' }, { district: 'organisations.errors.districtUnknown' }],
			[{ district: '99.99.99' }, { district: 'organisations.errors.districtUnknown' }],
			[{ contactName: 'Sr' }, { contactName: 'organisations.errors.contactNameMin' }],
			[{ name: 'Panti\u0000' }, { name: 'form.errors.invalidCharacter' }],
			[{ document: undefined }, { document: 'organisations.errors.documentRequired' }],
			[
				{ document: 'data:application/pdf;base64,AAAA' },
				{ document: 'organisations.errors.documentInvalid' },
			],
		];
		for (const [change, fields] of cases) {
			const response = await send(test, owner, 'POST', await validForm(change));
			await expectError(response, 400, 'VALIDATION_ERROR', fields);
		}
		const english = await expectError(
			await send(test, owner, 'POST', await validForm({ contactName: '' }), 'en'),
			400,
			'VALIDATION_ERROR',
		);
		expect(english.fields).toEqual({ contactName: 'organisations.errors.contactNameRequired' });
		await expectError(
			await send(test, owner, 'POST', await validForm({ document: 'data:image/png;base64,AAAA' })),
			415,
			'INVALID_IMAGE_FORMAT',
			{ document: 'organisations.errors.documentInvalid' },
		);
		const malformed = await test.request('/organisations', {
			method: 'POST',
			user: owner,
			headers: { 'Content-Type': 'application/json' },
			body: '{"name":',
		});
		await expectError(malformed, 400, 'VALIDATION_ERROR');
		expect(await stored(test, owner.id)).toBe(0);
	});

	it.each(['pending', 'verified', 'refused'] as const)(
		'a %s organisation is read in full by its owner and the moderators, and by others only once verified',
		async (state) => {
			const test = use();
			const { owner, moderator, organisation } = await organisationIn(state);
			const other = await person('Citra Lestari');
			const read = (user: TestUser | null) =>
				test.request(`/organisations/${organisation.id}`, { user });
			for (const user of [owner, moderator]) {
				const response = await read(user);
				expect(response.status).toBe(200);
				expect((await response.json()).data).toMatchObject({
					id: organisation.id,
					state,
					address: organisation.address,
					contactName: organisation.contactName,
					decisionNote: state === 'refused' ? 'Dokumennya tidak terbaca.' : null,
				});
			}
			for (const user of [other, null]) {
				const response = await read(user);
				if (state === 'verified') {
					expect(response.status).toBe(200);
					expect((await response.json()).data).toEqual({
						id: organisation.id,
						name: 'Panti Asuhan Kasih Bunda',
						kind: 'orphanage',
						verified: true,
						district: { regencyName: 'Kota Jakarta Selatan', districtName: 'Kebayoran Baru' },
					});
				} else {
					await expectError(response, 404, 'NOT_FOUND');
				}
			}
			expect(await organisationSummary(test.server.db, { userId: owner.id })).toEqual({
				id: organisation.id,
				name: 'Panti Asuhan Kasih Bunda',
				kind: 'orphanage',
				verified: state === 'verified',
			});
			expect(
				await organisationSummary(test.server.db, { organisationId: organisation.id }),
			).toMatchObject({ verified: state === 'verified' });
			expect(Boolean(await profileOrganisation(test.server.db, owner.id, other.id))).toBe(
				state === 'verified',
			);
			expect(await profileOrganisation(test.server.db, owner.id, owner.id)).toMatchObject({
				verified: state === 'verified',
			});
		},
	);

	it.each(['pending', 'verified', 'refused'] as const)(
		'the document of a %s organisation is shown privately to its owner and the moderators only',
		async (state) => {
			const test = use();
			const { owner, moderator, organisation } = await organisationIn(state);
			const other = await person('Citra Lestari');
			const path = `/organisations/${organisation.id}/document`;
			for (const user of [owner, moderator]) {
				const response = await test.request(path, { user });
				expect(response.status).toBe(200);
				expect(response.headers.get('Content-Type')).toBe('image/webp');
				expect(response.headers.get('Cache-Control')).toBe('private, no-store');
				expect(new Uint8Array(await response.arrayBuffer()).length).toBeGreaterThan(0);
			}
			await expectError(await test.request(path, { user: other }), 404, 'NOT_FOUND');
			await expectError(await test.request(path), 401, 'UNAUTHORIZED');

			// The public media route refuses the private prefix, even with the file's exact key.
			const key = (await rowOf(test, organisation.id))!.documentKey!;
			expect(await test.server.storage.get(key)).not.toBeNull();
			const global = globalThis as Record<symbol, unknown>;
			const contextKey = Symbol.for('hibahin.serverContext');
			const before = global[contextKey];
			global[contextKey] = Promise.resolve(test.server);
			try {
				const media = await mediaRoute({ params: { key } } as unknown as Parameters<
					typeof mediaRoute
				>[0]);
				expect(media.status).toBe(404);
			} finally {
				global[contextKey] = before;
			}
		},
	);

	it('are verified or refused by moderators only, once, with a note to refuse; the owner is told', async () => {
		const test = use();
		const owner = await person('Sri Rahayu');
		const other = await person('Citra Lestari');
		const moderator = await createModerator(test);
		const organisation = await registered(test, owner);
		const bell = await notificationsOf(test, owner, 'en');

		for (const user of [owner, other, null]) {
			await expectError(
				await decide(test, user, organisation.id, { decision: 'verify' }),
				404,
				'NOT_FOUND',
			);
		}
		const queue = async (user: TestUser) => test.request('/moderation/organisations', { user });
		await expectError(await queue(owner), 404, 'NOT_FOUND');
		const waiting = (await (await queue(moderator)).json()).data;
		expect(waiting).toContainEqual(
			expect.objectContaining({ id: organisation.id, owner: { id: owner.id, name: 'Sri Rahayu' } }),
		);

		const noNote = await expectError(
			await decide(test, moderator, organisation.id, { decision: 'refuse', note: '  ' }, 'en'),
			400,
			'VALIDATION_ERROR',
			{ note: 'organisations.errors.noteRequired' },
		);
		expect(noNote.fields).toBeDefined();
		await expectError(
			await decide(test, moderator, organisation.id, {
				decision: 'refuse',
				note: 'a'.repeat(organisationLimits.decisionNoteMax + 1),
			}),
			400,
			'VALIDATION_ERROR',
			{ note: 'organisations.errors.noteMax' },
		);
		await expectError(
			await decide(test, moderator, organisation.id, { decision: 'maybe' }),
			400,
			'VALIDATION_ERROR',
			{ decision: 'organisations.errors.decisionInvalid' },
		);
		await expectError(
			await decide(test, moderator, 999_999_999, { decision: 'verify' }),
			404,
			'NOT_FOUND',
		);
		expect((await rowOf(test, organisation.id))!.state).toBe('pending');

		await decided(test, moderator, organisation.id, {
			decision: 'refuse',
			note: 'The document cannot be read.',
		});
		const twice = await expectError(
			await decide(test, moderator, organisation.id, { decision: 'verify' }, 'en'),
			409,
			'REQUEST_CONFLICT',
		);
		expect(twice.message).toBe('Another moderator has already decided on this organisation.');
		expect(await newNotifications(test, owner, bell)).toEqual([
			expect.objectContaining({
				kind: 'organisationRefused',
				text: 'Panti Asuhan Kasih Bunda was not verified: The document cannot be read. You can correct it and send it again.',
				path: '/organisation',
			}),
		]);

		// Sent again after a correction, it waits again and is then verified.
		const resent = await send(test, owner, 'PUT', await validForm({ document: undefined }));
		expect(resent.status, await resent.clone().text()).toBe(200);
		expect((await resent.json()).data).toMatchObject({ state: 'pending', decisionNote: null });
		const seen = await notificationsOf(test, owner, 'en');
		await decided(test, moderator, organisation.id);
		expect(await newNotifications(test, owner, seen)).toEqual([
			expect.objectContaining({
				kind: 'organisationVerified',
				text: 'Panti Asuhan Kasih Bunda is verified: it now shows the verified badge.',
				path: '/organisation',
			}),
		]);
		const log = await test.server.db
			.select()
			.from(moderationActions)
			.where(eq(moderationActions.targetKey, `user:${owner.id}`));
		expect(log.map((entry) => [entry.action, entry.note])).toEqual([
			['refuseOrganisation', 'The document cannot be read.'],
			['verifyOrganisation', null],
		]);
		const audit = await test.request('/moderation/audit-log', { user: moderator });
		expect((await audit.json()).data[0]).toMatchObject({
			action: 'verifyOrganisation',
			target: { kind: 'user', id: owner.id, name: 'Sri Rahayu' },
		});
	});

	it('a verified one stays verified when only its contact changes, and goes back to pending when its name or address does', async () => {
		const test = use();
		const { owner, organisation } = await organisationIn('verified');
		const edit = async (change: Record<string, unknown>) => {
			const response = await send(
				test,
				owner,
				'PUT',
				await validForm({ document: undefined, ...change }),
			);
			expect(response.status, await response.clone().text()).toBe(200);
			return ((await response.json()) as { data: Organisation }).data;
		};
		expect(await edit({ contactName: 'Bapak Joko' })).toMatchObject({
			state: 'verified',
			contactName: 'Bapak Joko',
		});
		expect(await edit({ address: 'Jl. Mawar No. 9, RT 01/RW 02, Jakarta' })).toMatchObject({
			state: 'pending',
			verified: false,
			decidedAt: null,
		});
		expect((await rowOf(test, organisation.id))!.documentKey).not.toBeNull();

		const stranger = await person('Citra Lestari');
		await expectError(await send(test, stranger, 'PUT', await validForm()), 404, 'NOT_FOUND');
	});

	it('deletes the document 30 days after the decision, and at once when the account is deleted', async () => {
		const test = use();
		const { owner, moderator, organisation } = await organisationIn('verified');
		const row = (await rowOf(test, organisation.id))!;
		const key = row.documentKey!;
		const decidedAt = row.decidedAt!.getTime();

		const early = new Date(decidedAt + organisationLimits.documentKeptMs - 1000);
		await deleteDecidedDocuments(test.server, early);
		expect((await rowOf(test, organisation.id))!.documentKey).toBe(key);
		expect(await test.server.storage.get(key)).not.toBeNull();

		const due = new Date(decidedAt + organisationLimits.documentKeptMs + 1000);
		expect(await deleteDecidedDocuments(test.server, due)).toBeGreaterThanOrEqual(1);
		const after = (await rowOf(test, organisation.id))!;
		expect(after).toMatchObject({ documentKey: null, documentDeletedAt: due, state: 'verified' });
		expect(await test.server.storage.get(key)).toBeNull();
		await expectError(
			await test.request(`/organisations/${organisation.id}/document`, { user: moderator }),
			404,
			'NOT_FOUND',
		);

		// Sent back to the moderators without a document kept, it needs a new one.
		await expectError(
			await send(test, owner, 'PUT', await validForm({ name: 'Panti Kasih', document: undefined })),
			400,
			'VALIDATION_ERROR',
			{ document: 'organisations.errors.documentRequired' },
		);
		const resent = await send(test, owner, 'PUT', await validForm({ name: 'Panti Kasih' }));
		expect((await resent.json()).data).toMatchObject({ state: 'pending', hasDocument: true });

		// Deleting the account deletes the document at once, and the organisation with the account.
		const newKey = (await rowOf(test, organisation.id))!.documentKey!;
		const [userRow] = await test.server.db.select().from(users).where(eq(users.id, owner.id));
		await requestDeletion(test.server, userRow!, 'HAPUS');
		expect((await rowOf(test, organisation.id))!.documentKey).toBeNull();
		expect(await test.server.storage.get(newKey)).toBeNull();
		await purgeAccount(test.server, owner.id);
		expect(await rowOf(test, organisation.id)).toBeUndefined();
	});

	it('are in their owner’s data, saying whether the document is kept but not giving it', async () => {
		const test = use();
		const { owner, moderator, organisation } = await organisationIn('refused');
		const exported = async (user: TestUser) => {
			const response = await test.request('/account/export', { user });
			expect(response.status).toBe(200);
			return (await response.json()).organisation;
		};
		const row = (await rowOf(test, organisation.id))!;
		expect(await exported(owner)).toEqual({
			id: organisation.id,
			name: 'Panti Asuhan Kasih Bunda',
			kind: 'orphanage',
			address: 'Jl. Melati No. 7, RT 03/RW 05, dekat masjid',
			district: expect.stringMatching(/, Kota Jakarta Selatan, DKI Jakarta$/),
			contactName: 'Ibu Sri Rahayu',
			state: 'refused',
			decisionNote: 'Dokumennya tidak terbaca.',
			decidedAt: row.decidedAt!.toISOString(),
			documentHeld: true,
			documentDeletedAt: null,
			createdAt: row.createdAt.toISOString(),
		});
		// Neither the photo's address nor the deciding moderator is in the file.
		const file = JSON.stringify(await exported(owner));
		expect(file).not.toContain(row.documentKey!);
		expect(file).not.toContain(moderator.id);
		// The moderator's own data holds no organisation they only decided on.
		expect(await exported(moderator)).toBeNull();

		const due = new Date(row.decidedAt!.getTime() + organisationLimits.documentKeptMs + 1000);
		await deleteDecidedDocuments(test.server, due);
		expect(await exported(owner)).toMatchObject({
			documentHeld: false,
			documentDeletedAt: due.toISOString(),
		});
	});
});
