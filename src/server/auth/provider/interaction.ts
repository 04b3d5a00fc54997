import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Locale } from '~/lib/i18n/locales';
import type { Database } from '../../db/client';
import { log } from '../../log';
import { oidcPayloads } from '../../db/schema';
import type { RateLimiter } from '../../rate-limit';
import { createLocalAccount, verifyLocalAccount } from './accounts';
import { sendVerificationMail, type VerificationDeps } from './email-verification';
import { type SignInRefusal, signInGuard } from './sign-in-limits';
import { issueInteractionTicket } from './tickets';

export type InteractionMode = 'signIn' | 'signUp';

/** A sign-in or sign-up in progress at the built-in provider. */
export interface PendingInteraction {
	uid: string;
	/** What the site asked for: `prompt=create` starts with the sign-up form. */
	requestedMode: InteractionMode;
	loginHint: string | null;
}

/** The rules of an email and a password, for every form of the built-in provider. */
export const credentialsSchema = z.object({
	email: z.string().check(z.trim(), z.email('auth.form.errors.emailInvalid')),
	password: z
		.string()
		.check(
			z.minLength(8, 'auth.form.errors.passwordTooShort'),
			z.maxLength(128, 'auth.form.errors.passwordTooLong'),
		),
});

/** The interaction `uid`, when it exists and has not expired. */
export async function findInteraction(
	db: Database,
	uid: string,
): Promise<PendingInteraction | null> {
	const [row] = await db
		.select()
		.from(oidcPayloads)
		.where(and(eq(oidcPayloads.id, uid), eq(oidcPayloads.type, 'Interaction')));
	if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return null;
	const payload = row.payload as {
		prompt?: { name?: string };
		params?: Record<string, unknown>;
	};
	return {
		uid,
		requestedMode: payload.prompt?.name === 'create' ? 'signUp' : 'signIn',
		loginHint:
			typeof payload.params?.['login_hint'] === 'string' ? payload.params['login_hint'] : null,
	};
}

export type InteractionOutcome =
	/** `verificationMail`: after a sign-up, the link that confirms the address, on its way. */
	| { ok: true; ticket: string; verificationMail?: Promise<void> }
	| {
			ok: false;
			/** 400 for a form to correct, 429 while the limits refuse it. */
			status: 400 | 429;
			errors: Record<string, string>;
			email: string;
			retryAfterSeconds?: number;
	  };

/** What a refused sign-in or sign-up says: the account is locked, or the address tried too often. */
function refusalMessage(mode: InteractionMode, refusal: SignInRefusal): string {
	if (mode === 'signUp') return 'auth.form.errors.signUpLimited';
	return refusal.reason === 'account'
		? 'auth.form.errors.accountLocked'
		: 'auth.form.errors.rateLimited';
}

/**
 * Checks the submitted form and, when the email and password are right (or the new account
 * was created), returns the ticket that lets the provider finish the interaction. `caller` is
 * the visitor's address, for the limits of `signInGuard`; `knownDevice`, that the account signed
 * in on this browser before (`known-devices.ts`), which a lock of the account does not stop. A new account is mailed the link
 * that confirms its address, in `locale`, the language of the sign-up page.
 */
export async function submitInteraction(
	deps: VerificationDeps & { rateLimiter: RateLimiter },
	interaction: PendingInteraction,
	mode: InteractionMode,
	form: FormData,
	caller: string,
	locale: Locale = 'id',
	{ knownDevice = false }: { knownDevice?: boolean } = {},
): Promise<InteractionOutcome> {
	const email = String(form.get('email') ?? '').trim();
	const parsed = credentialsSchema.safeParse({
		email,
		password: String(form.get('password') ?? ''),
	});
	const errors: Record<string, string> = {};
	for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
	if (mode === 'signUp' && form.get('password') !== form.get('passwordConfirm')) {
		errors['passwordConfirm'] ??= 'auth.form.errors.passwordMismatch';
	}
	if (!parsed.success || Object.keys(errors).length > 0) {
		return { ok: false, status: 400, email, errors };
	}
	const refused = (refusal: SignInRefusal): InteractionOutcome => ({
		ok: false,
		status: 429,
		email,
		errors: { form: refusalMessage(mode, refusal) },
		retryAfterSeconds: refusal.retryAfterSeconds,
	});
	const guard = signInGuard(deps.rateLimiter);
	const { password } = parsed.data;

	if (mode === 'signUp') {
		const refusal = await guard.signUp(caller);
		if (refusal) return refused(refusal);
		const account = await createLocalAccount(deps.db, parsed.data.email, password);
		if (!account) {
			return { ok: false, status: 400, email, errors: { form: 'auth.form.errors.emailTaken' } };
		}
		// Signing up does not wait for the mail server; a link that did not go can be asked again.
		const verificationMail = sendVerificationMail(deps, account, locale).catch((error: unknown) => {
			log.error({ err: error }, 'sign-up: the address confirmation link could not be sent');
		});
		return {
			ok: true,
			ticket: await issueInteractionTicket(deps.db, interaction.uid, account.id),
			verificationMail,
		};
	}

	const refusal = await guard.refusal(parsed.data.email, caller, { knownDevice });
	if (refusal) return refused(refusal);
	const account = await verifyLocalAccount(deps.db, parsed.data.email, password);
	if (!account) {
		const locked = await guard.failed(parsed.data.email, caller);
		if (locked) return refused(locked);
		return {
			ok: false,
			status: 400,
			email,
			errors: { form: 'auth.form.errors.invalidCredentials' },
		};
	}
	await guard.succeeded(parsed.data.email);
	return { ok: true, ticket: await issueInteractionTicket(deps.db, interaction.uid, account.id) };
}
