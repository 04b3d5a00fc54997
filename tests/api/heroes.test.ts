import { beforeEach, describe, expect, it } from 'vitest';
import type { HeroEntry, RankingsQuery } from '~/features/heroes/heroes';
import { rankings } from '~/features/heroes/rankings.server';
import { donationFixtures } from '../helpers/donations';
import { describeOnDatabases } from '../helpers/test-server';

const badgeText = (id: string) => ({ name: id, description: id });
const summary = (entries: HeroEntry[]) =>
	entries.map(({ rank, userId, totalDonations, impactScore, kgDonated }) => ({
		rank,
		userId,
		totalDonations,
		impactScore,
		kgDonated,
	}));
const ids = (entries: HeroEntry[]) => entries.map((entry) => entry.userId);
const badgeIds = (entry: HeroEntry | undefined) => entry?.badges.map((badge) => badge.id);

describeOnDatabases('Heroes API', (use) => {
	const fixtures = donationFixtures(() => use().server.db);
	const { donor, item } = fixtures;
	beforeEach(() => fixtures.reset());

	/** The server function, with a chosen "now" so month and year are deterministic. */
	function ranked(query: Partial<RankingsQuery> & { now?: Date } = {}) {
		const options = { range: 'all', sort: 'impact', page: 1, limit: 10, ...query } as const;
		return rankings(use().server.db, options, badgeText);
	}

	async function get(path: string, language = 'id') {
		const response = await use().request(path, { headers: { 'Accept-Language': language } });
		expect(response.status, path).toBe(200);
		return (await response.json()).data;
	}

	describe('impact', () => {
		it('scores 10 points per piece plus rounded kg, over confirmed hand-overs only', async () => {
			await donor('a');
			await item('a', { weight: 2.5, quantity: 2 }); // 20 + round(5) = 25, 5 kg
			await item('a', { weight: 0.3 }); // 10 + round(0.3) = 10, 0.3 kg
			await item('a', { weight: 50, status: 'AVAILABLE' });
			await item('a', { weight: 50, status: 'RESERVED' });
			const { rankings: entries } = await get('/heroes/rankings');
			expect(summary(entries)).toEqual([
				{ rank: 1, userId: 'a', totalDonations: 2, impactScore: 35, kgDonated: 5.3 },
			]);
			expect(entries[0].lastDonatedAt).toBe('2025-06-01T03:00:00.000Z');
		});

		it('takes the points, badges and totals away with a hand-over that is undone', async () => {
			await donor('a');
			await donor('b');
			const chair = await item('a', { weight: 30 });
			await item('b', { weight: 5 });
			expect(ids((await ranked()).rankings)).toEqual(['a', 'b']);
			await fixtures.makeAvailable(chair);
			const after = await ranked();
			expect(summary(after.rankings)).toEqual([
				{ rank: 1, userId: 'b', totalDonations: 1, impactScore: 15, kgDonated: 5 },
			]);
			expect(badgeIds(after.rankings[0])).toEqual(['RANK_1', 'VERIFIED']);
			expect(await get('/heroes/totals')).toEqual({ itemsGiven: 1, kgDonated: 5, donors: 1 });
		});

		it('lists only donors with a donation in the range', async () => {
			await donor('giver');
			await donor('lister');
			await donor('newcomer');
			await item('giver');
			await item('lister', { status: 'AVAILABLE' });
			expect(ids((await ranked()).rankings)).toEqual(['giver']);
		});
	});

	describe('ranges in Jakarta time', () => {
		it('counts a hand-over in the Jakarta month it was made in', async () => {
			await donor('oct');
			await donor('nov-start');
			await donor('nov-end');
			await donor('dec');
			await item('oct', { donatedAt: '2026-10-31T16:59:59Z' }); // 31 Oct 23:59:59 WIB
			await item('nov-start', { donatedAt: '2026-10-31T17:30:00Z' }); // 1 Nov 00:30 WIB
			await item('nov-end', { donatedAt: '2026-11-30T16:59:59Z' }); // 30 Nov 23:59:59 WIB
			await item('dec', { donatedAt: '2026-11-30T17:00:00Z' }); // 1 Dec 00:00 WIB
			const month = (now: string) => ranked({ range: 'month', now: new Date(now) });
			const november = ['nov-end', 'nov-start'].sort();
			expect(ids((await month('2026-11-15T05:00:00Z')).rankings).sort()).toEqual(november);
			// 31 October 17:30 UTC is already November in Jakarta.
			expect(ids((await month('2026-10-31T17:30:00Z')).rankings).sort()).toEqual(november);
			expect(ids((await month('2026-10-31T16:00:00Z')).rankings)).toEqual(['oct']);
			expect(ids((await month('2026-12-01T00:00:00Z')).rankings)).toEqual(['dec']);
			expect((await ranked({ range: 'all' })).meta.total).toBe(4);
		});

		it('counts a hand-over in the Jakarta year it was made in', async () => {
			await donor('old');
			await donor('new');
			await item('old', { donatedAt: '2025-12-31T16:59:59Z' }); // 31 Dec 2025 23:59:59 WIB
			await item('new', { donatedAt: '2025-12-31T17:00:00Z' }); // 1 Jan 2026 00:00 WIB
			const year = (now: string) => ranked({ range: 'year', now: new Date(now) });
			expect(ids((await year('2026-06-01T00:00:00Z')).rankings)).toEqual(['new']);
			expect(ids((await year('2025-12-31T16:00:00Z')).rankings)).toEqual(['old']);
			expect(ids((await year('2025-12-31T17:00:00Z')).rankings)).toEqual(['new']);
			expect(ids((await year('2024-06-01T00:00:00Z')).rankings)).toEqual([]);
		});

		it('ranks within the range but keeps the all-time podium badges', async () => {
			for (const id of ['a', 'b', 'c', 'd']) await donor(id);
			await item('a', { weight: 40, donatedAt: '2025-01-10T00:00:00Z' });
			await item('b', { weight: 30, donatedAt: '2025-01-10T00:00:00Z' });
			await item('c', { weight: 20, donatedAt: '2025-01-10T00:00:00Z' });
			await item('d', { weight: 5, donatedAt: '2026-03-10T00:00:00Z' });
			await item('c', { weight: 1, donatedAt: '2026-03-11T00:00:00Z' });
			const page = await ranked({ range: 'month', now: new Date('2026-03-20T00:00:00Z') });
			expect(summary(page.rankings)).toEqual([
				{ rank: 1, userId: 'd', totalDonations: 1, impactScore: 15, kgDonated: 5 },
				{ rank: 2, userId: 'c', totalDonations: 1, impactScore: 11, kgDonated: 1 },
			]);
			expect(page.rankings.map(badgeIds)).toEqual([['VERIFIED'], ['RANK_2', 'VERIFIED']]);
		});
	});

	describe('sorts and ties', () => {
		it('orders by impact, by donations or by the latest donation', async () => {
			for (const id of ['a', 'b', 'c']) await donor(id);
			await item('a', { weight: 20, donatedAt: '2026-01-01T00:00:00Z' }); // 30
			await item('b', { weight: 0.1, donatedAt: '2026-02-01T00:00:00Z' }); // 10
			await item('b', { weight: 0.1, donatedAt: '2026-02-02T00:00:00Z' }); // 10
			await item('c', { weight: 1, donatedAt: '2026-03-01T00:00:00Z' }); // 11
			expect(ids((await get('/heroes/rankings?sort=impact')).rankings)).toEqual(['a', 'b', 'c']);
			expect(ids((await get('/heroes/rankings?sort=donations')).rankings)).toEqual(['b', 'a', 'c']);
			const recent = (await get('/heroes/rankings?sort=recent')).rankings;
			expect(ids(recent)).toEqual(['c', 'b', 'a']);
			expect(recent.map((entry: HeroEntry) => entry.rank)).toEqual([1, 2, 3]);
			expect(recent[1].lastDonatedAt).toBe('2026-02-02T00:00:00.000Z');
		});

		it('breaks ties by impact, donations, earliest first donation, then user id', async () => {
			for (const id of ['a-late', 'b-two', 'c-one', 'd-early', 'e-same', 'f-same']) await donor(id);
			await item('b-two', { weight: 0.1 }); // 20 points over two donations
			await item('b-two', { weight: 0.1 });
			await item('c-one', { weight: 10 }); // 20 points in one donation
			await item('d-early', { weight: 1, donatedAt: '2025-01-01T00:00:00Z' }); // 11, first
			await item('a-late', { weight: 1, donatedAt: '2025-01-02T00:00:00Z' }); // 11, later
			await item('f-same', { weight: 1, donatedAt: '2025-01-03T00:00:00Z' }); // 11, same time
			await item('e-same', { weight: 1, donatedAt: '2025-01-03T00:00:00Z' });
			expect(ids((await ranked()).rankings)).toEqual([
				'b-two',
				'c-one',
				'd-early',
				'a-late',
				'e-same',
				'f-same',
			]);
			// Equal donation counts fall back on the same chain.
			expect(ids((await ranked({ sort: 'donations' })).rankings)).toEqual([
				'b-two',
				'c-one',
				'd-early',
				'a-late',
				'e-same',
				'f-same',
			]);
		});
	});

	describe('pages, top five and badges', () => {
		async function manyDonors(count: number) {
			for (let n = 1; n <= count; n++) {
				const id = `donor-${String(n).padStart(2, '0')}`;
				await donor(id);
				await item(id, { weight: 100 - n }); // donor-01 has the most impact
			}
		}

		it('pages ten at a time with continuing rank numbers', async () => {
			await manyDonors(23);
			const first = await get('/heroes/rankings');
			expect(first.rankings.map((entry: HeroEntry) => entry.rank)).toEqual([
				1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
			]);
			expect(first.meta).toEqual({
				currentPage: 1,
				totalPages: 3,
				hasNextPage: true,
				hasPrevPage: false,
				total: 23,
			});
			const last = await get('/heroes/rankings?page=3&limit=10');
			expect(summary(last.rankings).map(({ rank, userId }) => [rank, userId])).toEqual([
				[21, 'donor-21'],
				[22, 'donor-22'],
				[23, 'donor-23'],
			]);
			expect(last.meta).toMatchObject({ currentPage: 3, hasNextPage: false, hasPrevPage: true });
			const beyond = await get('/heroes/rankings?page=4');
			expect(beyond.rankings).toEqual([]);
			expect(beyond.meta).toMatchObject({ total: 23, totalPages: 3, hasNextPage: false });
			expect((await get('/heroes/rankings?limit=50')).rankings).toHaveLength(23);
		});

		it('answers the first five of the all-time ranking as the top heroes', async () => {
			await manyDonors(7);
			const top: HeroEntry[] = await get('/heroes/top');
			expect(top.map((entry) => [entry.rank, entry.userId])).toEqual([
				[1, 'donor-01'],
				[2, 'donor-02'],
				[3, 'donor-03'],
				[4, 'donor-04'],
				[5, 'donor-05'],
			]);
			expect(top.map(badgeIds)).toEqual([
				['RANK_1', 'VERIFIED'],
				['RANK_2', 'VERIFIED'],
				['RANK_3', 'VERIFIED'],
				['VERIFIED'],
				['VERIFIED'],
			]);
			expect(top[0]!.user).toEqual({ name: 'Donor donor-01', avatar: null });
		});

		it('moves the podium badges when the order changes, on the profile too', async () => {
			await manyDonors(4);
			await item('donor-04', { weight: 200 });
			const top: HeroEntry[] = await get('/heroes/top');
			expect(ids(top.slice(0, 3))).toEqual(['donor-04', 'donor-01', 'donor-02']);
			expect(top.map(badgeIds).slice(0, 4)).toEqual([
				['RANK_1', 'VERIFIED'],
				['RANK_2', 'VERIFIED'],
				['RANK_3', 'VERIFIED'],
				['VERIFIED'],
			]);
			for (const entry of top) {
				const profile = await get(`/profile/${entry.userId}`);
				expect(profile.stats).toMatchObject({
					rank: entry.rank,
					totalDonations: entry.totalDonations,
					impactScore: entry.impactScore,
					kgDonated: entry.kgDonated,
				});
				expect(profile.badges).toEqual(entry.badges);
			}
		});

		it('names the badges in the language of the request', async () => {
			await manyDonors(1);
			const [indonesian] = await get('/heroes/top', 'id');
			const [english] = await get('/heroes/top', 'en');
			expect(indonesian.badges[0]).toMatchObject({ id: 'RANK_1', name: 'Pahlawan #1', icon: '🥇' });
			expect(english.badges[0]).toMatchObject({ id: 'RANK_1', name: 'Hero #1', style: 'gold' });
			expect(english.badges[1].description).toBe(
				'Has at least one hand-over confirmed by its receiver.',
			);
		});
	});

	describe('totals', () => {
		it('sums counted hand-overs, their kg and the donors, site-wide', async () => {
			expect(await get('/heroes/totals')).toEqual({ itemsGiven: 0, kgDonated: 0, donors: 0 });
			await donor('a');
			await donor('b');
			await item('a', { weight: 1.25, quantity: 2 });
			await item('a', { weight: 3 });
			await item('b', { weight: 0.5 });
			await item('b', { weight: 9, status: 'AVAILABLE' });
			expect(await get('/heroes/totals')).toEqual({ itemsGiven: 3, kgDonated: 6, donors: 2 });
		});
	});

	describe('validation', () => {
		it.each([
			['page=0', 'page'],
			['page=abc', 'page'],
			['page=1.5', 'page'],
			['limit=51', 'limit'],
			['limit=0', 'limit'],
			['range=week', 'range'],
			['sort=name', 'sort'],
			['range=%00', 'range'],
			['page=%001', 'page'],
		])('answers ?%s with 400 VALIDATION_ERROR on %s', async (query, field) => {
			const response = await use().request(`/heroes/rankings?${query}`);
			expect(response.status).toBe(400);
			const { error } = await response.json();
			expect(error.code).toBe('VALIDATION_ERROR');
			expect(Object.keys(error.fields)).toEqual([field]);
		});
	});
});

describe('rankings query defaults', () => {
	it('are page 1, ten per page, all time, by impact', async () => {
		const { rankingsQuerySchema } = await import('~/features/heroes/rankings-query');
		expect(rankingsQuerySchema.parse({})).toEqual({
			page: 1,
			limit: 10,
			range: 'all',
			sort: 'impact',
		});
	});
});
