import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { oidcPayloads } from '../../db/schema';
import type { RateLimiter } from '../../rate-limit';
import { rateLimitRules } from '../../rate-limit';
import { createLocalAccount, verifyLocalAccount } from './accounts';
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
	| { ok: true; ticket: string }
	| { ok: false; errors: Record<string, string>; email: string; retryAfterMinutes?: number };

/**
 * Checks the submitted form and, when the email and password are right (or the new account
 * was created), returns the ticket that lets the provider finish the interaction.
 */
export async function submitInteraction(
	deps: { db: Database; rateLimiter: RateLimiter },
	interaction: PendingInteraction,
	mode: InteractionMode,
	form: FormData,
	caller: string,
): Promise<InteractionOutcome> {
	const email = String(form.get('email') ?? '').trim();
	const rule = mode === 'signUp' ? rateLimitRules.signUp : rateLimitRules.signIn;
	const limit = await deps.rateLimiter.hit(`${mode}:${caller}`, rule);
	if (!limit.allowed) {
		return {
			ok: false,
			email,
			errors: { form: 'auth.form.errors.rateLimited' },
			retryAfterMinutes: Math.ceil(limit.retryAfterSeconds / 60),
		};
	}
	const parsed = credentialsSchema.safeParse({
		email,
		password: String(form.get('password') ?? ''),
	});
	const errors: Record<string, string> = {};
	for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
	if (mode === 'signUp' && form.get('password') !== form.get('passwordConfirm')) {
		errors['passwordConfirm'] ??= 'auth.form.errors.passwordMismatch';
	}
	if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, email, errors };

	const account =
		mode === 'signUp'
			? await createLocalAccount(deps.db, parsed.data.email, parsed.data.password)
			: await verifyLocalAccount(deps.db, parsed.data.email, parsed.data.password);
	if (!account) {
		const error =
			mode === 'signUp' ? 'auth.form.errors.emailTaken' : 'auth.form.errors.invalidCredentials';
		return { ok: false, email, errors: { form: error } };
	}
	return { ok: true, ticket: await issueInteractionTicket(deps.db, interaction.uid, account.id) };
}
