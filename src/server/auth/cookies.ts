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

export interface CookieOptions {
	httpOnly: true;
	sameSite: 'lax';
	secure: boolean;
	path: '/';
	maxAge: number;
}

export function cookieOptions(config: ServerConfig, maxAgeSeconds: number): CookieOptions {
	return {
		httpOnly: true,
		sameSite: 'lax',
		secure: isSecure(config),
		path: '/',
		maxAge: maxAgeSeconds,
	};
}
