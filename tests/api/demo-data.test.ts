import { asc } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { loadDemoData } from '~/app/demo-data';
import type { Givings, HeroEntry, SiteTotals } from '~/features/heroes/heroes';
import { requestStates } from '~/features/requests/requests';
import type { NotificationList } from '~/features/notifications/notifications';
import type { Drive } from '~/features/drives/drives';
import type { NeedList } from '~/features/need-lists/need-lists';
import { drives, itemRequests, items, localAccounts, users } from '~/server/db/schema';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Demo data', (use) => {
	beforeAll(async () => {
		expect(await loadDemoData(use().server)).toBe(true);
	}, 120_000);

	async function get<T>(path: string, user: TestUser | null = null): Promise<T> {
		const response = await use().request(path, { user });
		expect(response.status, path).toBe(200);
		return ((await response.json()) as { data: T }).data;
	}

	/** The demo member called `name`, signed in. */
	async function member(name: string): Promise<TestUser> {
		const [found] = (await use().server.db.select().from(users)).filter(
			(user) => user.name === name,
		);
		const token = await use().server.sessions.create(found!.id, null);
		return { id: found!.id, token, cookie: `hibahin_session=${token}` };
	}

	it('loads once, into an empty database only', async () => {
		expect(await loadDemoData(use().server)).toBe(false);
	});

	it('has every demo address confirmed, at the provider and on the site, so mail reaches it', async () => {
		const { db } = use().server;
		const people = await db.select().from(users);
		const accounts = await db.select().from(localAccounts);
		expect(people.length).toBe(5);
		expect(people.every((person) => person.emailVerified)).toBe(true);
		expect(accounts.map((account) => account.emailVerifiedAt)).toEqual(
			people.map(() => expect.any(Date)),
		);
	});

	it('ranks the donors by their confirmed hand-overs, not by the items marked donated', async () => {
		const { rankings } = await get<{ rankings: HeroEntry[] }>('/heroes/rankings');
		expect(
			rankings.map((entry) => [entry.user.name, entry.totalDonations, entry.impactScore]),
		).toEqual([
			['Ani Lestari', 2, 59],
			['Citra Maharani', 1, 15],
			['Budi Santoso', 1, 14],
		]);
		expect(await get<SiteTotals>('/heroes/totals')).toEqual({
			itemsGiven: 4,
			kgDonated: 18.4,
			donors: 3,
		});
	});

	it('has a request in every state', async () => {
		const states = await use()
			.server.db.select({ state: itemRequests.state })
			.from(itemRequests)
			.orderBy(asc(itemRequests.id));
		expect(new Set(states.map((row) => row.state))).toEqual(new Set(requestStates));
	});

	it('leaves each item as its requests left it', async () => {
		const rows = await use().server.db.select().from(items);
		const state = (name: string) => {
			const item = rows.find((row) => row.name === name)!;
			return [item.status, item.quantity, item.reservedQuantity];
		};
		expect(state('Rice cooker 1,8 liter')).toEqual(['RESERVED', 1, 1]);
		expect(state('Kemeja batik pria')).toEqual(['AVAILABLE', 1, 0]);
		expect(state('Seragam SD')).toEqual(['DONATED', 0, 0]);
		expect(state('Monitor 22 inci')).toEqual(['AVAILABLE', 1, 0]);
		// Marked donated by its donor alone: something is left that no hand-over took.
		expect(state('Rak buku tiga susun')).toEqual(['DONATED', 1, 0]);
	});

	it('shows a donor’s self-reported and unconfirmed givings, and the receivers’ record', async () => {
		const givings = async (name: string) =>
			(await get<{ stats: { givings: Givings } }>(`/profile/${(await member(name)).id}`)).stats
				.givings;
		expect(await givings('Budi Santoso')).toEqual({
			givenConfirmed: 1,
			givenUnconfirmed: 2,
			received: 0,
			pickupsCompleted: 0,
			noShows: 0,
			donorNoShows: 0,
			// Two hand-overs and a reservation answered: a median of 12 hours.
			handOversCompleted: 2,
			answerMinutes: 720,
		});
		expect(await givings('Dewi Anggraini')).toMatchObject({
			received: 2,
			pickupsCompleted: 3,
			noShows: 1,
		});
		expect(await givings('Eko Prasetyo')).toMatchObject({
			received: 2,
			pickupsCompleted: 2,
			noShows: 1,
		});
	});

	it('gives every demo account notifications, the latest unread', async () => {
		const names = [
			'Ani Lestari',
			'Budi Santoso',
			'Citra Maharani',
			'Dewi Anggraini',
			'Eko Prasetyo',
		];
		for (const name of names) {
			const list = await get<NotificationList>('/notifications', await member(name));
			expect(list.notifications.length, name).toBeGreaterThan(0);
			const unread = list.notifications.filter((notification) => !notification.read);
			expect(list.unread, name).toBe(unread.length);
		}
		const dewi = await get<NotificationList>('/notifications', await member('Dewi Anggraini'));
		expect(dewi.notifications[0]).toMatchObject({ kind: 'handedOver', read: false });
	});

	it('lists the receivers’ needs and the verified orphanage’s, urgent first on the urgent list, and its drive', async () => {
		const list = await get<NeedList>('/needs');
		expect(list.needs.map((need) => need.title).sort()).toEqual([
			'Buku cerita anak',
			'Meja belajar untuk anak SD',
			'Selimut setelah banjir',
			'Seragam SD ukuran 6–10',
			'Tas sekolah',
		]);
		const urgent = await get<NeedList>('/needs?urgent=true');
		expect(urgent.needs.map((need) => need.title)).toEqual([
			'Selimut setelah banjir',
			'Buku cerita anak',
		]);
		expect(urgent.needs[1]!.organisation).toMatchObject({
			name: 'Panti Asuhan Kasih Bunda',
			verified: true,
		});
		const [drive] = await use().server.db.select({ id: drives.id }).from(drives);
		const shown = await get<Drive>(`/drives/${drive!.id}`);
		expect(shown.needs.map((need) => [need.title, need.quantity, need.received])).toEqual([
			['Seragam SD ukuran 6–10', 25, 0],
			['Tas sekolah', 25, 0],
		]);
	});
});
