import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { itemRequests, items, users } from '~/server/db/schema';

/** The member who received every fixture donation. */
export const fixtureReceiverId = 'fixture-receiver';

/**
 * Fixtures for impact and rankings, written straight into `users`, `items` and `item_requests`.
 * A donation is what impact counts (docs/product-rules.md#impact): a hand-over its receiver
 * confirmed and that counts, leaving nothing of the item, as the real flow leaves it.
 */
export interface DonationFixtures {
	/** A donor with a complete public name; `id` is chosen so tie-breaks on id are predictable. */
	donor(id: string, name?: string): Promise<string>;
	/**
	 * An item of `donorId`, DONATED at `donatedAt` unless another status is given: all of its
	 * `quantity` handed over to the fixture receiver then and confirmed, counting for impact.
	 */
	item(
		donorId: string,
		options?: { weight?: number; quantity?: number; donatedAt?: string; status?: string },
	): Promise<number>;
	/** Undoes an item's hand-overs and sets it back to AVAILABLE with its quantity. */
	makeAvailable(itemId: number): Promise<void>;
	/** Removes every item and user, so each test starts from an empty site. */
	reset(): Promise<void>;
}

/** Fixture helpers over `db`. */
export function donationFixtures(db: () => Database): DonationFixtures {
	async function receiver(): Promise<string> {
		await db()
			.insert(users)
			.values({
				id: fixtureReceiverId,
				issuer: 'https://issuer.test',
				subject: fixtureReceiverId,
				name: 'Fixture receiver',
			})
			.onConflictDoNothing();
		return fixtureReceiverId;
	}

	return {
		async donor(id, name = `Donor ${id}`) {
			await db().insert(users).values({ id, issuer: 'https://issuer.test', subject: id, name });
			return id;
		},
		async item(
			donorId,
			{ weight = 1, quantity = 1, donatedAt = '2025-06-01T03:00:00Z', status = 'DONATED' } = {},
		) {
			const donated = status === 'DONATED';
			const at = new Date(donatedAt);
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
					quantity: donated ? 0 : quantity,
					status,
					donatedAt: donated ? at : null,
				})
				.returning({ id: items.id });
			if (donated) {
				await db()
					.insert(itemRequests)
					.values({
						itemId: row!.id,
						donorId,
						receiverId: await receiver(),
						quantity,
						state: 'confirmed',
						givenQuantity: quantity,
						countsForImpact: true,
						createdAt: at,
						updatedAt: at,
						reservedAt: at,
						handedOverAt: at,
						confirmedAt: at,
					});
			}
			return row!.id;
		},
		async makeAvailable(itemId) {
			const handedOver = await db()
				.delete(itemRequests)
				.where(eq(itemRequests.itemId, itemId))
				.returning({ given: itemRequests.givenQuantity });
			const [item] = await db()
				.select({ quantity: items.quantity })
				.from(items)
				.where(eq(items.id, itemId));
			const quantity = handedOver.reduce((sum, { given }) => sum + (given ?? 0), item!.quantity);
			await db()
				.update(items)
				.set({ status: 'AVAILABLE', quantity, donatedAt: null })
				.where(eq(items.id, itemId));
		},
		async reset() {
			await db().delete(items);
			await db().delete(users);
		},
	};
}
