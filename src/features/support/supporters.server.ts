import { asc, desc } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { earlySupporters, supporters } from '~/server/db/schema';
import { type EarlySupporter, type Supporter, supporterLimits } from './support';
import { createTrakteerSupporters } from './trakteer.server';

/** The largest supports of the local table, for the support page without Trakteer. */
export async function localSupporters(db: Database): Promise<Supporter[]> {
	const rows = await db
		.select()
		.from(supporters)
		.orderBy(desc(supporters.amount), asc(supporters.createdAt), asc(supporters.id))
		.limit(supporterLimits.top);
	return rows.map((row) => ({
		supporterName: row.name,
		amount: row.amount,
		supportMessage: row.message,
		quantity: row.quantity,
		unitName: row.unitName,
	}));
}

/** Early supporters in the order they joined. */
export async function listEarlySupporters(db: Database): Promise<EarlySupporter[]> {
	const rows = await db
		.select({ name: earlySupporters.name, message: earlySupporters.message })
		.from(earlySupporters)
		.orderBy(asc(earlySupporters.createdAt), asc(earlySupporters.id))
		.limit(supporterLimits.earlyMax);
	return rows;
}

/**
 * Where top supporters come from: Trakteer when `TRAKTEER_API_KEY` is set (falling back on the
 * local table while it fails), the local table otherwise.
 */
export function topSupportersSource(
	db: Database,
	env: NodeJS.ProcessEnv = process.env,
	fetchImpl?: typeof fetch,
): () => Promise<Supporter[]> {
	const apiKey = env['TRAKTEER_API_KEY']?.trim();
	if (!apiKey) return () => localSupporters(db);
	return createTrakteerSupporters({
		apiKey,
		fallback: () => localSupporters(db),
		...(fetchImpl ? { fetch: fetchImpl } : {}),
	});
}
