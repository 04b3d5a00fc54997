import { eq } from 'drizzle-orm';
import { passwordResetPolicy } from '~/config/limits';
import type { Locale } from '~/lib/i18n/locales';
import type { Database } from '../../db/client';
import { localAccounts } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../rate-limit';
import { normalizeEmail } from './accounts';
import { credentialsSchema } from './interaction';
import { issueResetToken } from './password-reset';
import { resetLink, resetMail } from './reset-mail';

export interface ResetRequestDeps {
	db: Database;
	rateLimiter: RateLimiter;
	mailer: Mailer;
	config: { publicUrl: string };
}

/**
 * The answer to a request for a reset link. It is the same whether or not the email has an
 * account: the account is looked up, and the link made and mailed, in `delivery`, after the
 * answer, which therefore takes as long either way.
 */
export type ResetRequestOutcome =
	| { ok: true; email: string; delivery: Promise<void> }
	| { ok: false; email: string; errors: Record<string, string>; retryAfterMinutes?: number };

/** Makes a link for the account of `email`, if there is one, and mails it; failures are logged. */
async function deliverResetLink(
	deps: ResetRequestDeps,
	email: string,
	locale: Locale,
	now: Date,
): Promise<void> {
	try {
		const [account] = await deps.db
			.select({ id: localAccounts.id, email: localAccounts.email })
			.from(localAccounts)
			.where(eq(localAccounts.email, normalizeEmail(email)));
		if (!account) return;
		const token = await issueResetToken(deps.db, account.id, now);
		await deps.mailer.send(
			resetMail(account.email, resetLink(deps.config.publicUrl, locale, token), locale),
		);
	} catch (error) {
		console.error('The password reset link could not be sent', error);
	}
}

/**
 * Asks for a reset link for the form's `email`, written in `locale`. Limited per visitor
 * (`caller`, a network address) and per email, counted alike for every email.
 */
export async function requestPasswordReset(
	deps: ResetRequestDeps,
	input: { email: string; locale: Locale; caller: string },
	now = new Date(),
): Promise<ResetRequestOutcome> {
	const email = input.email.trim();
	const parsed = credentialsSchema.shape.email.safeParse(email);
	if (!parsed.success) {
		return { ok: false, email, errors: { email: parsed.error.issues[0]!.message } };
	}
	// The visitor's limit first, so that a visitor over it cannot use up an email's allowance.
	const visitor = await deps.rateLimiter.hit(
		`passwordReset:${input.caller}`,
		passwordResetPolicy.perVisitor,
	);
	const limit = visitor.allowed
		? await deps.rateLimiter.hit(
				`passwordResetEmail:${normalizeEmail(parsed.data)}`,
				passwordResetPolicy.perEmail,
			)
		: visitor;
	if (!limit.allowed) {
		return {
			ok: false,
			email,
			errors: { form: 'auth.form.errors.rateLimited' },
			retryAfterMinutes: Math.ceil(limit.retryAfterSeconds / 60),
		};
	}
	return { ok: true, email, delivery: deliverResetLink(deps, parsed.data, input.locale, now) };
}
