import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { items, users } from '~/server/db/schema';

/** Fixtures for impact and rankings, written straight into `users` and `items`. */
export interface DonationFixtures {
	/** A donor with a complete public name; `id` is chosen so tie-breaks on id are predictable. */
	donor(id: string, name?: string): Promise<string>;
	/** An item of `donorId`, DONATED at `donatedAt` unless another status is given. */
	item(
		donorId: string,
		options?: { weight?: number; quantity?: number; donatedAt?: string; status?: string },
	): Promise<number>;
	/** Sets an item back to AVAILABLE, clearing `donatedAt`, as the status toggle does. */
	makeAvailable(itemId: number): Promise<void>;
	/** Removes every item and user, so each test starts from an empty site. */
	reset(): Promise<void>;
}

/** Fixture helpers over `db`. */
export function donationFixtures(db: () => Database): DonationFixtures {
	return {
		async donor(id, name = `Donor ${id}`) {
			await db().insert(users).values({ id, issuer: 'https://issuer.test', subject: id, name });
			return id;
		},
		async item(
			donorId,
			{ weight = 1, quantity = 1, donatedAt = '2025-06-01T03:00:00Z', status = 'DONATED' } = {},
		) {
			const [row] = await db()
				.insert(items)
				.values({
					donorId,
					name: 'Kursi kayu',
					description: 'Kursi kayu jati, masih kokoh.',
					weight,
					length: 40,
					width: 40,
					height: 80,
					quantity,
					status,
					donatedAt: status === 'DONATED' ? new Date(donatedAt) : null,
				})
				.returning({ id: items.id });
			return row!.id;
		},
		async makeAvailable(itemId) {
			await db()
				.update(items)
				.set({ status: 'AVAILABLE', donatedAt: null })
				.where(eq(items.id, itemId));
		},
		async reset() {
			await db().delete(items);
			await db().delete(users);
		},
	};
}
