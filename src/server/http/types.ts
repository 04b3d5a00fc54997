import type { TFunction } from 'i18next';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import type { Locale } from '~/lib/i18n/locales';

/** What the API's middleware puts on every request. */
export interface AppEnv {
	Variables: {
		requestId: string;
		locale: Locale;
		t: TFunction;
		/** The caller, from the session cookie or a bearer token; `null` when anonymous. */
		user: UserRow | null;
		/**
		 * On routes limited by `rateLimitInTransaction` with the counters in the database: counts
		 * the caller's hit inside the handler's transaction, refusing past the limit.
		 */
		countHitWithin?: (transaction: Pick<Database, '_'>) => Promise<void>;
	};
}
