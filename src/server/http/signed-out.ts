import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { signedInCookies } from '~/server/auth/cookies';
import type { ServerConfig } from '~/server/config';
import type { AppEnv } from './types';

/**
 * Tells the browser it is signed out: its session cookie and the pages' sign-in hint go, so
 * its pages stop showing a member's bar and asking for what only a member gets.
 */
export function forgetSignIn(c: Context<AppEnv>, config: ServerConfig): void {
	for (const { name, attributes } of signedInCookies(config)) {
		if (getCookie(c, name) === undefined) continue;
		deleteCookie(c, name, { ...attributes, sameSite: 'Lax' });
	}
}
