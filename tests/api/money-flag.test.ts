import { expect, it } from 'vitest';
import { createItemFor, putItem, validFields } from '../helpers/items';
import { createModerator, moderated } from '../helpers/safety';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Listings that ask for money', (use) => {
	const person = (name = 'Ani Wijaya') => use().createUser({ complete: true, name });

	/** The item entries of the desk's queue, by id. */
	async function flagged(moderator: TestUser): Promise<Map<number, { asksForMoney: boolean }>> {
		const response = await use().request('/moderation/queue', { user: moderator });
		expect(response.status).toBe(200);
		const entries = (await response.json()).data as Array<{
			item: { id: number; asksForMoney: boolean } | null;
			reports: unknown[];
		}>;
		return new Map(
			entries.flatMap((entry) => (entry.item ? [[entry.item.id, entry.item] as const] : [])),
		);
	}

	it('lists a price-asking item anyway, flags it for the desk, and clears the flag once the words go', async () => {
		const moderator = await createModerator(use());
		const donor = await person();
		const plain = await createItemFor(use(), donor);
		const priced = await createItemFor(use(), donor, {
			description: 'Kursi kayu, dijual Rp 50.000 saja, bisa nego.',
		});
		expect(priced.status).toBe('AVAILABLE');
		const search = await use().request(`/items?search=${encodeURIComponent(priced.name)}`);
		expect(((await search.json()).data.items as Array<{ id: number }>).map((i) => i.id)).toContain(
			priced.id,
		);
		const queue = await flagged(moderator);
		expect(queue.get(priced.id)).toMatchObject({ asksForMoney: true });
		expect(queue.has(plain.id)).toBe(false);

		// An edit that adds the words flags the item too; one that removes them clears it.
		const edited = await putItem(use(), donor, plain.id, validFields({ name: 'Meja, for sale' }));
		expect(edited.status).toBe(200);
		expect((await flagged(moderator)).get(plain.id)).toMatchObject({ asksForMoney: true });
		const cleaned = await putItem(use(), donor, priced.id, validFields());
		expect(cleaned.status).toBe(200);
		expect((await flagged(moderator)).has(priced.id)).toBe(false);

		// Dismissing the flag takes the item off the desk.
		await moderated(use(), moderator, { action: 'dismiss', itemId: plain.id });
		expect((await flagged(moderator)).has(plain.id)).toBe(false);
	});
});
