import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Givings } from '~/features/heroes/heroes';
import { donorAnswerMinutes, keptDonorAnswerMinutes } from '~/features/heroes/impact.server';
import GivingRecord from '~/features/profiles/GivingRecord.astro';
import { createItemFor } from '../helpers/items';
import { act, ask } from '../helpers/requests';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const minute = 60_000;
const day = 24 * 60 * minute;

async function givingsOf(test: TestServer, user: TestUser): Promise<Givings> {
	const response = await test.request(`/profile/${user.id}`);
	expect(response.status).toBe(200);
	return (await response.json()).data.stats.givings;
}

/** A donor's item for ten, asked for by four receivers, one after the other. */
async function fourAsked(test: TestServer) {
	const donor = await test.createUser({ complete: true, name: 'Ani Wijaya' });
	const receivers = await Promise.all(
		['Budi', 'Citra', 'Dewi', 'Eko'].map((name) => test.createUser({ complete: true, name })),
	);
	const item = await createItemFor(test, donor, { quantity: '10' });
	const asked = [];
	for (const receiver of receivers) asked.push(await ask(test, receiver, item.id));
	return { donor, receivers, asked };
}

describeOnDatabases('A member’s record over the last 90 days', (use) => {
	const start = Date.parse('2026-05-04T02:00:00Z');
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(start);
	});
	afterEach(() => vi.useRealTimers());
	const at = (ms: number) => vi.setSystemTime(start + ms);

	it('shows how soon a donor usually answers once three requests were answered, and forgets after 90 days', async () => {
		const test = use();
		const { donor, receivers, asked } = await fourAsked(test);
		const [first, second, third, fourth] = asked;

		// Reserved after 30 minutes, declined after 3 hours: two answers are too few to say.
		at(30 * minute);
		await act(test, donor, first!.id, 'reserve');
		at(3 * 60 * minute);
		await act(test, donor, second!.id, { action: 'decline', reason: 'notAvailable' });
		// The receiver withdrew before the donor answered: nothing of the donor's to count.
		await act(test, receivers[3]!, fourth!.id, 'withdraw');
		expect(await givingsOf(test, donor)).toMatchObject({ answerMinutes: null });
		expect(await donorAnswerMinutes(test.server.db, donor.id)).toBeNull();

		// The third answer, after 5 hours: the median is 3 hours.
		at(5 * 60 * minute);
		await act(test, donor, third!.id, 'reserve');
		await act(test, donor, first!.id, 'handOver');
		await act(test, receivers[0]!, first!.id, 'confirm');
		expect(await givingsOf(test, donor)).toMatchObject({
			handOversCompleted: 1,
			donorNoShows: 0,
			answerMinutes: 180,
		});
		// The item page reads the same, alone.
		expect(await donorAnswerMinutes(test.server.db, donor.id)).toBe(180);
		expect(await givingsOf(test, receivers[0]!)).toMatchObject({
			pickupsCompleted: 1,
			received: 1,
		});

		// The receiver of the third reports the donor did not come: a no-show on the donor's record.
		await act(test, receivers[2]!, third!.id, 'reportNoShow');
		const givings = await givingsOf(test, donor);
		expect(givings).toMatchObject({ handOversCompleted: 1, donorNoShows: 1, answerMinutes: 180 });
		const container = await AstroContainer.create();
		const shown = async (locale: 'id' | 'en') =>
			(await container.renderToString(GivingRecord, { props: { givings, locale } }))
				.replace(/<[^>]+>/g, ' ')
				.replace(/\s+/g, ' ');
		expect(await shown('en')).toContain(
			'As a donor 1 hand-over completed · 1 no-show · usually answers within 3 hours',
		);
		expect(await shown('id')).toContain(
			'Sebagai Pemberi 1 serah terima selesai · 1 kali tidak datang · biasanya menjawab dalam 3 jam',
		);

		// 90 days on, the record is empty again; what was received still counts.
		at(91 * day);
		expect(await givingsOf(test, donor)).toMatchObject({
			handOversCompleted: 0,
			donorNoShows: 0,
			answerMinutes: null,
			givenConfirmed: 1,
		});
		expect(await donorAnswerMinutes(test.server.db, donor.id)).toBeNull();
		expect(await givingsOf(test, receivers[0]!)).toMatchObject({
			pickupsCompleted: 0,
			received: 1,
		});
	});

	it('reads the usual answer time for an item’s page once a minute per donor', async () => {
		const test = use();
		const { donor, asked } = await fourAsked(test);
		for (const [index, request] of asked.slice(0, 3).entries()) {
			at((index + 1) * 60 * minute);
			await act(test, donor, request!.id, 'reserve');
		}
		expect(await keptDonorAnswerMinutes(test.server.db, donor.id)).toBe(120);

		// A fourth answer within the same minute moves the usual time; the page's stays a minute.
		at(3 * 60 * minute + 20_000);
		await act(test, donor, asked[3]!.id, 'reserve');
		const moved = await donorAnswerMinutes(test.server.db, donor.id);
		expect(moved).not.toBe(120);
		expect(await keptDonorAnswerMinutes(test.server.db, donor.id)).toBe(120);
		at(3 * 60 * minute + minute);
		expect(await keptDonorAnswerMinutes(test.server.db, donor.id)).toBe(moved);
	});
});
