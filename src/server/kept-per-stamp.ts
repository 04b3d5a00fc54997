import type { Database } from './db/client';

/**
 * Answers kept per database and key for one stamp (a data version, say, with the minute where
 * time alone changes the answer), the oldest dropped past `size`: a kept answer stays right until
 * its stamp changes. Read the stamp before computing the answer, so a change between the two
 * leaves the kept answer newer than its stamp, never older.
 */
export function keptPerStamp<Value>(size: number) {
	const byDatabase = new WeakMap<Database, Map<string, { stamp: string; value: Value }>>();
	return async (db: Database, stamp: string, key: string, compute: () => Promise<Value>) => {
		let kept = byDatabase.get(db);
		if (!kept) {
			kept = new Map();
			byDatabase.set(db, kept);
		}
		const known = kept.get(key);
		if (known?.stamp === stamp) return known.value;
		const value = await compute();
		kept.delete(key);
		kept.set(key, { stamp, value });
		if (kept.size > size) kept.delete(kept.keys().next().value!);
		return value;
	};
}
