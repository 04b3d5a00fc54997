import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Need, NeedOffer } from '~/features/needs/needs';
import { organisations } from '~/server/db/schema';
import type { TestServer, TestUser } from './test-server';

/** A need's fields as the form sends them, with `overrides`. */
export function needFields(overrides: Record<string, unknown> = {}) {
	return {
		title: 'Seragam SD ukuran 8',
		description: 'Untuk anak saya yang baru masuk kelas satu bulan depan.',
		category: 'clothing',
		quantity: 2,
		reach: 'pickup',
		urgency: 'normal',
		...overrides,
	};
}

/** A JSON call to the API as `user`, in `language` when given. */
export function send(
	test: TestServer,
	user: TestUser | null,
	method: string,
	path: string,
	body?: unknown,
	language?: string,
) {
	return test.request(path, {
		method,
		user,
		headers: {
			'Content-Type': 'application/json',
			...(language ? { 'Accept-Language': language } : {}),
		},
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
}

/** The data of a successful answer, checking its status. */
export async function dataOf<T>(response: Response, status = 200): Promise<T> {
	const text = await response.text();
	expect(response.status, text).toBe(status);
	return (JSON.parse(text) as { data: T }).data;
}

/** A need posted by `owner`. */
export async function postNeed(
	test: TestServer,
	owner: TestUser,
	overrides: Record<string, unknown> = {},
): Promise<Need> {
	return dataOf<Need>(await send(test, owner, 'POST', '/needs', needFields(overrides)), 201);
}

/** The offers of a need as `user` sees them. */
export async function offersOf(test: TestServer, user: TestUser, needId: number) {
	return dataOf<NeedOffer[]>(await send(test, user, 'GET', `/needs/${needId}/offers`));
}

/** An organisation of `owner`'s, in `state`, of `kind`. */
export async function organisationOf(
	test: TestServer,
	owner: TestUser,
	state: 'pending' | 'verified' | 'refused',
	kind = 'orphanage',
): Promise<number> {
	const [row] = await test.server.db
		.insert(organisations)
		.values({
			ownerId: owner.id,
			name: 'Panti Asuhan Kasih Bunda',
			kind,
			address: 'Jl. Melati No. 5, Kebayoran Baru',
			provinceCode: '31',
			provinceName: 'DKI Jakarta',
			regencyCode: '31.74',
			regencyName: 'Kota Jakarta Selatan',
			districtCode: '31.74.07',
			districtName: 'Kebayoran Baru',
			contactName: 'Ibu Sari',
			state,
		})
		.returning({ id: organisations.id });
	return row!.id;
}

/** Sets the state of an organisation. */
export async function setOrganisationState(test: TestServer, id: number, state: string) {
	await test.server.db.update(organisations).set({ state }).where(eq(organisations.id, id));
}
