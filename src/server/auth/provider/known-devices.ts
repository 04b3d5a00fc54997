import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '~/server/db/client';
import { sharedSecret } from '~/server/secrets';
import { normalizeEmail } from './accounts';

/**
 * The built-in provider's mark of the accounts that signed in on this browser: a lock after
 * strangers' wrong passwords does not keep the owner out of their own account on a browser they
 * signed in on before. HttpOnly; it holds keyed digests, never an address.
 */
export const knownDevicesCookie = 'hibahin_devices';

/** How many accounts one browser remembers: a family's shared phone, say. */
const accountsPerBrowser = 5;

/** The key of the marks, shared by every process on the database. */
export function knownDeviceKey(db: Database): Promise<string> {
	return sharedSecret(db, 'known-device-key', () => randomBytes(32).toString('base64url'));
}

/** The mark of the account `email` under `key`: no one without the key can tell whose it is. */
export function deviceMark(key: string, email: string): string {
	return createHmac('sha256', key).update(normalizeEmail(email)).digest('base64url').slice(0, 22);
}

/** Whether the browser's `cookie` holds `mark`. */
export function knowsAccount(cookie: string | undefined, mark: string): boolean {
	return (cookie ?? '').split('.').includes(mark);
}

/** The cookie's value with `mark` first, keeping the most recent accounts. */
export function rememberAccount(cookie: string | undefined, mark: string): string {
	const others = (cookie ?? '')
		.split('.')
		.filter((entry) => /^[\w-]{22}$/.test(entry) && entry !== mark);
	return [mark, ...others].slice(0, accountsPerBrowser).join('.');
}
