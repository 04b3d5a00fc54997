import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reminderLimits } from '~/config/limits';
import {
	confirmByLink,
	confirmLinkKey,
	confirmLinkToken,
	readConfirmLink,
} from '~/features/requests/confirm-link.server';
import { sendReminders } from '~/features/requests/request-reminders.server';
import { itemRequests } from '~/server/db/schema';
import { createItemFor, getItem } from '../helpers/items';
import {
	act,
	ask,
	type Giving,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

const minute = 60_000;

describeOnDatabases('The link that confirms a hand-over in one tap', (use) => {
	/** The token of the link the receiver's first reminder to confirm leads to. */
	async function remindedToken(giving: Giving): Promise<string> {
		const [row] = await use()
			.server.db.select({ at: itemRequests.handedOverAt })
			.from(itemRequests)
			.where(eq(itemRequests.id, giving.request.id));
		const due = row!.at!.getTime() + reminderLimits.firstConfirmMs + minute;
		await sendReminders(use().server.db, new Date(due));
		const { notifications } = await notificationsOf(use(), giving.receiver, 'en');
		const link = `/confirm/${giving.request.id}.`;
		const reminder = notifications.find(
			({ kind, path }) => kind === 'confirmReminder' && path.startsWith(link),
		);
		return reminder!.path.replace(/^\/confirm\//, '');
	}

	const profileOf = async (userId: string) => {
		const response = await use().request(`/profile/${userId}`);
		return ((await response.json()) as { data: { stats: { totalDonations: number } } }).data;
	};

	it('confirms exactly its hand-over, with no one signed in, as "I received it" does', async () => {
		const giving = await givingIn(use(), 'handedOver', { itemQuantity: 3 });
		// The same receiver's second hand-over from the same donor stays as it is.
		const other = await ask(use(), giving.receiver, (await createItemFor(use(), giving.donor)).id);
		await act(use(), giving.donor, other.id, 'reserve');
		await act(use(), giving.donor, other.id, 'handOver');
		const donorBell = await notificationsOf(use(), giving.donor);
		const itemBefore = await getItem(use(), giving.item.id);

		const link = await readConfirmLink(use().server.db, await remindedToken(giving));
		expect(link).toMatchObject({
			requestId: giving.request.id,
			stage: 'toConfirm',
			item: { name: 'Kursi kayu jati', photo: expect.stringMatching(/^\/media\//) },
			donorName: 'Ani Wijaya',
			count: 1,
		});
		const outcome = await confirmByLink(use().server.db, link!);
		expect(outcome).toMatchObject({ confirmed: true, link: { stage: 'confirmed' } });

		const mine = await requestsOf(use(), giving.receiver);
		expect(mine.find(({ id }) => id === giving.request.id)).toMatchObject({
			state: 'confirmed',
			countsForImpact: true,
		});
		expect(mine.find(({ id }) => id === other.id)).toMatchObject({ state: 'handedOver' });
		expect(await newNotifications(use(), giving.donor, donorBell)).toEqual([
			expect.objectContaining({
				kind: 'requestConfirmed',
				text: 'Budi Santoso confirmed receiving Kursi kayu jati. Thank you!',
			}),
		]);
		expect((await profileOf(giving.donor.id)).stats.totalDonations).toBe(1);
		expect(await getItem(use(), giving.item.id)).toMatchObject({
			quantity: itemBefore!.quantity,
			reservedQuantity: itemBefore!.reservedQuantity,
		});
	});

	it('shows a second use as done, and confirms nothing more', async () => {
		const giving = await givingIn(use(), 'handedOver');
		const token = await remindedToken(giving);
		const opened = await readConfirmLink(use().server.db, token);
		expect((await confirmByLink(use().server.db, opened!)).confirmed).toBe(true);
		const donorBell = await notificationsOf(use(), giving.donor);

		expect(await readConfirmLink(use().server.db, token)).toMatchObject({ stage: 'confirmed' });
		// A tap on a page opened before the first one went through.
		expect(await confirmByLink(use().server.db, opened!)).toMatchObject({
			confirmed: false,
			link: { stage: 'confirmed' },
		});
		expect(await newNotifications(use(), giving.donor, donorBell)).toEqual([]);
	});

	it('shows a hand-over confirmed or disputed on the receiver’s requests as no longer to confirm', async () => {
		const confirmed = await givingIn(use(), 'handedOver');
		const confirmedToken = await remindedToken(confirmed);
		await act(use(), confirmed.receiver, confirmed.request.id, 'confirm');
		const disputed = await givingIn(use(), 'handedOver');
		const disputedToken = await remindedToken(disputed);
		const opened = await readConfirmLink(use().server.db, disputedToken);
		await act(use(), disputed.receiver, disputed.request.id, 'dispute');

		expect(await readConfirmLink(use().server.db, confirmedToken)).toMatchObject({
			stage: 'confirmed',
		});
		expect(await readConfirmLink(use().server.db, disputedToken)).toMatchObject({
			stage: 'closed',
		});
		expect(await confirmByLink(use().server.db, opened!)).toMatchObject({
			confirmed: false,
			link: { stage: 'closed' },
		});
		expect((await requestsOf(use(), disputed.receiver))[0]).toMatchObject({ state: 'reserved' });
	});

	it('refuses a token this site did not sign for that request and receiver', async () => {
		const giving = await givingIn(use(), 'handedOver');
		const token = await remindedToken(giving);
		const [id, signature] = token.split('.') as [string, string];
		const other = await givingIn(use(), 'handedOver');
		const key = await confirmLinkKey(use().server.db);
		const flipped = signature.at(-1) === 'A' ? 'B' : 'A';
		const refused = [
			'',
			'tidak-berlaku',
			id,
			`${id}.`,
			`${id}.${signature.slice(0, -1)}${flipped}`,
			`${id}.${signature}x`,
			`${other.request.id}.${signature}`,
			confirmLinkToken(key, giving.request.id, other.receiver.id),
			`${'9'.repeat(15)}.${signature}`,
			`${'9'.repeat(40)}.${signature}`,
			`-${id}.${signature}`,
			`${id}.${signature}`.replace('.', '%2E'),
		];
		for (const bad of refused) {
			expect(await readConfirmLink(use().server.db, bad), bad).toBeNull();
		}
		expect((await requestsOf(use(), giving.receiver))[0]).toMatchObject({ state: 'handedOver' });
		expect(await readConfirmLink(use().server.db, token)).toMatchObject({ stage: 'toConfirm' });
	});
});
