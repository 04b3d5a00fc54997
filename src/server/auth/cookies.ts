import type { ServerConfig } from '../config';

/** Whether the site is served over HTTPS (then cookies are `Secure` and `__Host-`). */
export function isSecure(config: ServerConfig): boolean {
	return config.publicUrl.startsWith('https://');
}

/** The session cookie: `__Host-` under HTTPS so no subdomain or path can set or shadow it. */
export function sessionCookieName(config: ServerConfig): string {
	return isSecure(config) ? '__Host-hibahin_session' : 'hibahin_session';
}

/** The sign-in transaction cookie (state, nonce, PKCE verifier), for ten minutes. */
export function transactionCookieName(config: ServerConfig): string {
	return isSecure(config) ? '__Host-hibahin_signin' : 'hibahin_signin';
}

/** What every cookie of the site is set with, and deleted with. */
export interface CookieAttributes {
	httpOnly: boolean;
	sameSite: 'lax';
	secure: boolean;
	path: '/';
}

export interface CookieOptions extends CookieAttributes {
	maxAge: number;
}

/**
 * A cookie's attributes. Its deletion carries them too: browsers ignore a deletion of a
 * `__Host-` cookie that lacks `Secure`, and one of another path deletes another cookie.
 * `readableByPages` is for a cookie without secrets that page scripts read.
 */
export function cookieAttributes(
	config: ServerConfig,
	{ readableByPages = false }: { readableByPages?: boolean } = {},
): CookieAttributes {
	return { httpOnly: !readableByPages, sameSite: 'lax', secure: isSecure(config), path: '/' };
}

export function cookieOptions(
	config: ServerConfig,
	maxAgeSeconds: number,
	access: { readableByPages?: boolean } = {},
): CookieOptions {
	return { ...cookieAttributes(config, access), maxAge: maxAgeSeconds };
}

/** A cookie without secrets that tells prerendered pages to ask who is signed in. */
export const signedInHintCookie = 'hibahin_signed_in';

/**
 * The cookies that say a browser is signed in (the session and the pages' hint), each with the
 * attributes it is deleted with.
 */
export function signedInCookies(
	config: ServerConfig,
): Array<{ name: string; attributes: CookieAttributes }> {
	return [
		{ name: sessionCookieName(config), attributes: cookieAttributes(config) },
		{ name: signedInHintCookie, attributes: cookieAttributes(config, { readableByPages: true }) },
	];
}
