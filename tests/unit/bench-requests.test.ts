import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosingLimits, reliabilityLimits, requestLimits } from '~/config/limits';
import { askForItem } from '~/features/requests/asking.server';
import { itemRequestsForDonor, myRequests } from '~/features/requests/request-views.server';
import { databaseSessionStore } from '~/server/auth/sessions';
import { findUser } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import * as schema from '~/server/db/schema';
import { projectPath } from '~/server/paths';
import { askingAgain, handOut, sessionIdOf } from '../../scripts/bench/requests-callers.mjs';
import { p95Verdict } from '../../scripts/bench/requests-report.mjs';
import {
	askParams,
	statements,
	tellDonorParams,
} from '../../scripts/bench/requests-statements.mjs';

describe('npm run bench requests', () => {
	describe('beside the server', () => {
		/** The statements the server's code sent, as Drizzle logs them. */
		const sent: string[] = [];
		/** The parameters of each statement the server's code sent, by its text. */
		const parameters = new Map<string, unknown[]>();
		const client = new PGlite({ extensions: { pg_trgm } });
		const db = drizzle(client, {
			schema,
			logger: {
				logQuery: (query, params) => {
					sent.push(query);
					parameters.set(query, params);
				},
			},
		}) as unknown as Database;

		beforeAll(async () => {
			await migrate(db as never, { migrationsFolder: projectPath('drizzle') });
		});
		afterAll(() => client.close());

		it('sends bare the very statements the server sends to ask for an item and list requests', async () => {
			await db.insert(schema.users).values([
				{ id: 'donor', issuer: 'bench', subject: 'donor', name: 'Siti Wijaya' },
				{
					id: 'receiver',
					issuer: 'bench',
					subject: 'receiver',
					name: 'Ayu Lestari',
					phone: '+6285700000001',
					address: 'Jl. Melati No. 1, RT 01/RW 02',
					areaId: '31.74.07',
				},
			]);
			const [item] = await db
				.insert(schema.items)
				.values({
					donorId: 'donor',
					name: 'Kursi lipat',
					description: 'Kursi lipat kayu, masih kokoh.',
					weight: 2,
					length: 50,
					width: 45,
					height: 80,
					quantity: 3,
				})
				.returning();
			const donor = (await findUser(db, 'donor'))!;
			const receiver = (await findUser(db, 'receiver'))!;
			sent.length = 0;

			await askForItem(db, receiver, item!.id, 1);
			const now = new Date();
			const { request } = await askForItem(db, receiver, item!.id, 2, { now });
			const asked = {
				itemId: item!.id,
				receiverId: receiver.id,
				quantity: 2,
				now: now.toISOString(),
				receivedAtMost: choosingLimits.receivedPerWindow,
				heldAtMost: requestLimits.activePerReceiver,
				heldAfterNoShows: reliabilityLimits.limitedOpenRequests,
			};
			expect(parameters.get(statements.askForItem)).toEqual(askParams(asked));
			expect(parameters.get(statements.askingTurn)).toEqual([receiver.id, item!.id]);
			expect(parameters.get(statements.tellDonor)).toEqual(
				tellDonorParams({
					donorId: donor.id,
					created: false,
					requestId: request.id,
					itemId: item!.id,
					itemName: item!.name,
					receiverName: receiver.name ?? '',
					quantity: 2,
				}),
			);
			await myRequests(db, receiver.id);
			await itemRequestsForDonor(db, donor, item!.id);

			const day = 24 * 60 * 60_000;
			const [recordSince, alsoRecordSince, receivedSince] = parameters.get(
				statements.donorList,
			) as string[];
			expect(Date.parse(alsoRecordSince!)).toBe(Date.parse(recordSince!));
			expect(Date.parse(receivedSince!) - Date.parse(recordSince!)).toBe(76 * day);
			expect(parameters.get(statements.donorList)).toEqual([
				recordSince,
				recordSince,
				receivedSince,
				donor.id,
				item!.id,
			]);
			expect(new Set(sent)).toEqual(new Set(Object.values(statements)));
		});

		it('stores each session under the id the server looks its cookie up by', async () => {
			const token = await databaseSessionStore(db).create('receiver', null);
			const [session] = await client
				.query<{ id: string }>('select id from sessions where user_id = $1', ['receiver'])
				.then((result) => result.rows);
			expect(session?.id).toBe(sessionIdOf(token));
		});
	});

	it('hands each pair of receiver and item to one call only', () => {
		const pairs = handOut(['first pair', 'second pair']);
		expect([pairs.take(), pairs.take()]).toEqual(['first pair', 'second pair']);
		expect(() => pairs.take()).toThrow('all 2 entries were used');
		expect(pairs.taken()).toBe(2);
	});

	it('changes the quantity every time an open request is asked for again', () => {
		const requests = ['first', 'second', 'third'];
		const quantities = new Map(requests.map((request) => [request, 1]));
		const next = askingAgain(requests);
		for (let call = 0; call < 10 * requests.length; call++) {
			const { request, quantity } = next();
			expect(quantity, `call ${call}`).not.toBe(quantities.get(request));
			quantities.set(request, quantity);
		}
	});

	it('marks a p95 under the target as met, and one at or over it or missing as not', () => {
		expect(p95Verdict(12.3, 50)).toBe('p95 12 ms < 50 ms ok');
		expect(p95Verdict(50, 50)).toBe('!! p95 50 ms ≥ 50 ms');
		expect(p95Verdict(undefined, 50)).toBe('!! p95 – ≥ 50 ms');
	});
});
