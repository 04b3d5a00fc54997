import type { AstroGlobal } from 'astro';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { cookieOptions, transactionCookieName } from '~/server/auth/cookies';
import { findInteraction } from '~/server/auth/provider/interaction';
import type { ServerConfig } from '~/server/config';
import type { ServerContext } from '~/server/context';
import { passwordResetPolicy } from '~/config/limits';

/** The sign-in this browser asked for a reset link from: where it returns once done. */
const returnCookie = 'hibahin_reset_return';
/** Tells the next sign-in page to say that the password was changed. */
const changedCookie = 'hibahin_password_changed';

/** Deleted with the attributes it was set with, or a browser keeps it (`Secure` under https). */
function deleteCookie(Astro: AstroGlobal, config: ServerConfig, name: string): void {
	Astro.cookies.delete(name, cookieOptions(config, 0));
}

/** `uid` when it names a sign-in at the built-in provider that is still pending. */
export async function pendingSignIn(
	server: ServerContext,
	uid: string | null | undefined,
): Promise<string | null> {
	if (!uid) return null;
	return (await findInteraction(server.db, uid)) ? uid : null;
}

/** The sign-in page to go back to: the pending one, else a fresh sign-in. */
export function signInPath(uid: string | null, locale: Locale): string {
	return localizePath(uid ? `/auth/interaction/${uid}` : '/login', locale);
}

/** Remembers, in this browser only, the sign-in that asked for a link. */
export function rememberSignIn(Astro: AstroGlobal, config: ServerConfig, uid: string): void {
	Astro.cookies.set(returnCookie, uid, cookieOptions(config, passwordResetPolicy.linkTtlMs / 1000));
}

/**
 * Where a browser goes once its new password is saved, with the sign-in page told to say so: back
 * to the sign-in it came from, when it is this browser's and can still finish (the provider's
 * interaction is pending and the site's ten-minute sign-in cookie is alive), else a fresh one.
 */
export async function afterPasswordReset(
	Astro: AstroGlobal,
	server: ServerContext,
	locale: Locale,
): Promise<string> {
	const { config } = server;
	const remembered = Astro.cookies.get(returnCookie)?.value;
	deleteCookie(Astro, config, returnCookie);
	Astro.cookies.set(changedCookie, '1', cookieOptions(config, 10 * 60));
	const canFinish = Astro.cookies.has(transactionCookieName(config));
	return signInPath(canFinish ? await pendingSignIn(server, remembered) : null, locale);
}

/** Whether the sign-in page should say that the password was just changed; it says so once. */
export function takePasswordChangedNotice(Astro: AstroGlobal, config: ServerConfig): boolean {
	if (!Astro.cookies.has(changedCookie)) return false;
	deleteCookie(Astro, config, changedCookie);
	return true;
}
