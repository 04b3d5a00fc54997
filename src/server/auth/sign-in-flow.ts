import type { APIContext, AstroGlobal } from 'astro';
import { isProfileComplete } from '~/lib/profile-completeness';
import { findOrCreateUser, recordSignIn } from '~/server/auth/users';
import { languageStorageKey, localeOfPath, localizePath } from '~/lib/i18n/locales';
import { safeRedirectTarget, withRedirect } from '~/lib/redirect-target';
import type { ServerContext } from '../context';
import { otherHostRedirect, visitorOrigin } from '../site-origin';
import {
	cookieAttributes,
	cookieOptions,
	sessionCookieName,
	signedInCookies,
	signedInHintCookie,
	transactionCookieName,
} from './cookies';
import { chosenLocale, signInErrorPath } from './error-page';
import { SignInError } from './relying-party';
import { seenCookie, seenCookieMaxAgeSeconds } from './seen-cookie';
import { sessionTtlMs } from './sessions';

type Context = AstroGlobal | APIContext;

/**
 * Sends the browser to the identity provider to sign in, or to sign up (`prompt=create`). A
 * visitor on a host the site does not answer on is first moved to the public origin: the
 * sign-in's cookie and callback must be on one host.
 */
export async function startSignIn(
	server: ServerContext,
	Astro: Context,
	mode: 'login' | 'register',
): Promise<Response> {
	const elsewhere = otherHostRedirect(Astro.request.headers, Astro.url, server.config);
	if (elsewhere) return Astro.redirect(elsewhere, 307);
	const locale = localeOfPath(Astro.url.pathname);
	const redirectTo = safeRedirectTarget(
		Astro.url.searchParams.get('redirectTo'),
		localizePath('/', locale),
	);
	const { url, transactionCookie } = await server.relyingParty.start({
		origin: visitorOrigin(Astro.request.headers, Astro.url, server.config),
		redirectTo,
		signUp: mode === 'register',
		locale,
	});
	Astro.cookies.set(
		transactionCookieName(server.config),
		transactionCookie,
		cookieOptions(server.config, 600),
	);
	return Astro.redirect(url, 302);
}

/**
 * The provider's callback: checks the answer, starts a fresh session, and sends the visitor
 * on, by way of profile completion when the profile is incomplete.
 */
export async function finishSignIn(server: ServerContext, context: APIContext): Promise<Response> {
	const transactionCookie = transactionCookieName(server.config);
	const origin = visitorOrigin(context.request.headers, context.url, server.config);
	try {
		const identity = await server.relyingParty.finish(
			new URL(`${context.url.pathname}${context.url.search}`, origin),
			context.cookies.get(transactionCookie)?.value,
		);
		context.cookies.delete(transactionCookie, cookieAttributes(server.config));
		const user = await findOrCreateUser(server.db, identity);
		const locale = localeOfPath(identity.redirectTo);
		await recordSignIn(server.db, user.id, locale);
		await endSession(server, context);
		const token = await server.sessions.create(user.id, identity.idToken);
		const maxAge = sessionTtlMs / 1000;
		context.cookies.set(
			sessionCookieName(server.config),
			token,
			cookieOptions(server.config, maxAge),
		);
		context.cookies.set(
			signedInHintCookie,
			'1',
			cookieOptions(server.config, maxAge, { readableByPages: true }),
		);
		context.cookies.set(seenCookie, '1', cookieOptions(server.config, seenCookieMaxAgeSeconds));
		const completeProfile = localizePath('/complete-profile', locale);
		const goingTo = localizePath(
			new URL(identity.redirectTo, 'http://site.invalid').pathname,
			locale,
		);
		const wentSomewhere = goingTo !== localizePath('/', locale) && goingTo !== completeProfile;
		// A new profile goes to /profile once complete, unless the visitor was on their way somewhere
		// (completing the profile itself is not somewhere else: it would end on the home page).
		const target = isProfileComplete(user)
			? identity.redirectTo
			: wentSomewhere
				? withRedirect(completeProfile, identity.redirectTo)
				: completeProfile;
		return context.redirect(target, 303);
	} catch (error) {
		if (!SignInError.is(error)) throw error;
		context.cookies.delete(transactionCookie, cookieAttributes(server.config));
		// In the language of the page the visitor came from, when the transaction told it.
		const locale = error.redirectTo
			? localeOfPath(error.redirectTo)
			: chosenLocale(context.cookies.get(languageStorageKey)?.value);
		return context.redirect(signInErrorPath(error.reason, locale), 303);
	}
}

/** Ends the server session, if any, and clears the cookies. Returns the session's ID token. */
async function endSession(server: ServerContext, context: Context): Promise<string | null> {
	const name = sessionCookieName(server.config);
	const token = context.cookies.get(name)?.value;
	let idToken: string | null = null;
	if (token) {
		idToken = (await server.sessions.find(token))?.idToken ?? null;
		await server.sessions.delete(token);
	}
	for (const cookie of signedInCookies(server.config)) {
		context.cookies.delete(cookie.name, cookie.attributes);
	}
	return idToken;
}

/** Signs out here and at the provider, which then sends the browser home. */
export async function signOut(server: ServerContext, context: APIContext): Promise<Response> {
	const form = await context.request.formData().catch(() => null);
	const locale = form?.get('locale') === 'en' ? 'en' : 'id';
	const idToken = await endSession(server, context);
	const origin = visitorOrigin(context.request.headers, context.url, server.config);
	return context.redirect(
		await server.relyingParty.signOutUrl(idToken, localizePath('/', locale), origin),
		303,
	);
}
