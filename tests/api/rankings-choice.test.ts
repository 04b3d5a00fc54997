import { beforeEach, expect, it } from 'vitest';
import { chooseRankings } from '~/features/account/rankings-choice.server';
import { donorStats } from '~/features/heroes/impact.server';
import { rankings, siteTotals } from '~/features/heroes/rankings.server';
import { donationFixtures } from '../helpers/donations';
import { describeOnDatabases } from '../helpers/test-server';

const badgeText = (id: string) => ({ name: id, description: id });

describeOnDatabases('Leaving the heroes rankings', (use) => {
	const fixtures = donationFixtures(() => use().server.db);
	const { donor, item } = fixtures;
	beforeEach(() => fixtures.reset());
	const db = () => use().server.db;

	const ranked = async () =>
		(
			await rankings(db(), { range: 'all', sort: 'impact', page: 1, limit: 10 }, badgeText)
		).rankings.map((entry) => ({
			userId: entry.userId,
			rank: entry.rank,
			badges: entry.badges.map((badge) => badge.id),
		}));

	it('leaves a donor out of the rankings and the podium, not out of the totals nor their own counts', async () => {
		await donor('a');
		await donor('b');
		await item('a', { weight: 30 });
		await item('b', { weight: 5 });
		const totals = await siteTotals(db());
		expect((await ranked()).map((entry) => entry.userId)).toEqual(['a', 'b']);

		await chooseRankings(db(), 'a', false);
		expect(await ranked()).toEqual([{ userId: 'b', rank: 1, badges: ['RANK_1', 'VERIFIED'] }]);
		expect(await siteTotals(db())).toEqual(totals);
		const own = await donorStats(db(), 'a', badgeText);
		expect(own.stats).toMatchObject({ rank: null, totalDonations: 1, kgDonated: 30 });
		expect(own.badges.map((badge) => badge.id)).not.toContain('RANK_1');

		await chooseRankings(db(), 'a', true);
		expect((await ranked()).map((entry) => entry.userId)).toEqual(['a', 'b']);
		expect((await donorStats(db(), 'a', badgeText)).stats.rank).toBe(1);
	});

	it('takes the choice from its owner only, keeps when it was first made, and refuses a bad one', async () => {
		const test = use();
		const member = await test.createUser({ complete: true });
		const choose = (body: unknown, user: typeof member | null = member) =>
			test.request('/account/rankings', {
				method: 'PUT',
				user,
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			});

		expect((await choose({ ranked: false }, null)).status).toBe(401);
		for (const bad of [{}, { ranked: 'no' }, { ranked: null }, []]) {
			const refused = await choose(bad);
			expect(refused.status, JSON.stringify(bad)).toBe(400);
			expect((await refused.json()).error.code).toBe('VALIDATION_ERROR');
		}
		const exported = async () =>
			(await (await test.request('/account/export', { user: member })).json()).profile
				.leftRankingsAt;
		expect(await exported()).toBeNull();

		const left = await choose({ ranked: false });
		expect(left.status).toBe(200);
		const { leftRankingsAt } = (await left.json()).data;
		expect(leftRankingsAt).toEqual(expect.any(String));
		expect((await (await choose({ ranked: false })).json()).data.leftRankingsAt).toBe(
			leftRankingsAt,
		);
		expect(await exported()).toBe(leftRankingsAt);

		const back = await choose({ ranked: true });
		expect((await back.json()).data).toEqual({ ranked: true, leftRankingsAt: null });
		expect(await exported()).toBeNull();
	});
});
