import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { oidcPayloads } from '../../db/schema';

const grantable = new Set([
	'AccessToken',
	'AuthorizationCode',
	'RefreshToken',
	'DeviceCode',
	'BackchannelAuthenticationRequest',
]);

/** oidc-provider's storage in the `oidc_payloads` table, one row per model instance. */
export function databaseAdapter(db: Database) {
	return class DatabaseAdapter implements Adapter {
		constructor(private readonly type: string) {}

		async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
			const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
			const row = {
				id,
				type: this.type,
				payload,
				grantId: grantable.has(this.type) ? (payload.grantId ?? null) : null,
				userCode: payload.userCode ?? null,
				uid: payload.uid ?? null,
				expiresAt,
			};
			await db
				.insert(oidcPayloads)
				.values(row)
				.onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: row });
		}

		find(id: string) {
			return this.findBy(eq(oidcPayloads.id, id));
		}

		findByUserCode(userCode: string) {
			return this.findBy(eq(oidcPayloads.userCode, userCode));
		}

		findByUid(uid: string) {
			return this.findBy(eq(oidcPayloads.uid, uid));
		}

		async consume(id: string): Promise<void> {
			await db
				.update(oidcPayloads)
				.set({ consumedAt: new Date() })
				.where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
		}

		async destroy(id: string): Promise<void> {
			await db
				.delete(oidcPayloads)
				.where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
		}

		async revokeByGrantId(grantId: string): Promise<void> {
			await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
		}

		private async findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
			const [row] = await db
				.select()
				.from(oidcPayloads)
				.where(and(condition, eq(oidcPayloads.type, this.type)));
			if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
			return {
				...(row.payload as AdapterPayload),
				...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
			};
		}
	};
}

/** Removes expired rows; run now and then so the table does not grow without end. */
export async function deleteExpiredPayloads(db: Database): Promise<void> {
	await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
