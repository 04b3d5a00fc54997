import { randomInt } from 'node:crypto';
import { pickupOfDistrict } from '~/features/places/places.server';
import { needs, organisations } from '~/server/db/schema';
import type { TestServer, TestUser } from './test-server';

/** A made-up word no other need in the suite contains, to find one test's needs. */
export function marker(): string {
	return Array.from({ length: 10 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
}

/** What a test may set of a need; the rest is a plain open need in Kebayoran Baru. */
export interface NeedRowInput {
	title?: string;
	description?: string;
	category?: string;
	district?: string;
	urgency?: 'normal' | 'urgent';
	state?: 'open' | 'fulfilled' | 'closed';
	closesAt?: Date;
	hiddenAt?: Date | null;
	createdAt?: Date;
	organisationId?: number | null;
	quantity?: number;
}

/** Inserts a need straight into the table, as the need form would have stored it. */
export async function insertNeed(
	test: TestServer,
	owner: Pick<TestUser, 'id'>,
	input: NeedRowInput = {},
): Promise<number> {
	const place = (await pickupOfDistrict(input.district ?? '31.74.07'))!;
	const [row] = await test.server.db
		.insert(needs)
		.values({
			ownerId: owner.id,
			organisationId: input.organisationId ?? null,
			title: input.title ?? 'Buku tulis untuk belajar',
			description: input.description ?? 'Untuk anak-anak yang belajar di rumah.',
			category: input.category ?? 'books',
			quantity: input.quantity ?? 3,
			...place,
			urgency: input.urgency ?? 'normal',
			state: input.state ?? 'open',
			closesAt: input.closesAt ?? new Date(Date.now() + 30 * 24 * 60 * 60_000),
			hiddenAt: input.hiddenAt ?? null,
			...(input.hiddenAt ? { hiddenReason: 'moderator' } : {}),
			...(input.createdAt ? { createdAt: input.createdAt } : {}),
		})
		.returning({ id: needs.id });
	return row!.id;
}

/** An organisation of `owner`, `verified` or not, in Kota Bandung. */
export async function insertOrganisation(
	test: TestServer,
	owner: Pick<TestUser, 'id'>,
	state: 'pending' | 'verified' | 'refused',
	name = 'Panti Asuhan Harapan',
): Promise<number> {
	const place = (await pickupOfDistrict('32.73.02'))!;
	const [row] = await test.server.db
		.insert(organisations)
		.values({
			ownerId: owner.id,
			name,
			kind: 'orphanage',
			address: 'Jl. Dago No. 10, Coblong',
			...place,
			contactName: 'Ibu Sari',
			state,
		})
		.returning({ id: organisations.id });
	return row!.id;
}
