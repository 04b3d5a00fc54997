import type { TFunction } from 'i18next';
import type { UserRow } from '~/server/auth/users';
import type { Locale } from '~/lib/i18n/locales';

/** What the API's middleware puts on every request. */
export interface AppEnv {
	Variables: {
		requestId: string;
		locale: Locale;
		t: TFunction;
		/** The caller, from the session cookie or a bearer token; `null` when anonymous. */
		user: UserRow | null;
	};
}
