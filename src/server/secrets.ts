import { eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { appSecrets } from './db/schema';

/**
 * A secret generated once and shared by every process on the same database: the first
 * process to ask stores it, the others read what it stored.
 */
export async function sharedSecret<T>(
	db: Database,
	name: string,
	generate: () => Promise<T> | T,
): Promise<T> {
	const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
	if (existing) return existing.value as T;
	await db
		.insert(appSecrets)
		.values({ name, value: await generate() })
		.onConflictDoNothing();
	const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
	if (!stored) throw new Error(`Secret ${name} could not be stored`);
	return stored.value as T;
}
