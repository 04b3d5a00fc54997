import { randomBytes, randomInt } from 'node:crypto';
import { vi } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { createLocalAccount } from '~/server/auth/provider/accounts';
import { requestPasswordReset } from '~/server/auth/provider/password-reset-request';
import type { ServerContext } from '~/server/context';

/** A built-in account with a known password; a fresh email unless one is given. */
export async function newLocalAccount(
	server: ServerContext,
	email = `lupa.${randomBytes(4).toString('hex')}@example.com`,
): Promise<{ id: string; email: string; password: string }> {
	const password = `Lama-${randomBytes(4).toString('hex')}`;
	const account = await createLocalAccount(server.db, email, password);
	if (!account) throw new Error(`${email} is registered already`);
	return { ...account, password };
}

/** A network address nobody else in the suite uses, so per-visitor limits start at zero. */
export function newVisitor(): string {
	return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Asks for a reset link the way the page does, and waits until it was made and handed over. */
export async function askForLink(
	server: ServerContext,
	email: string,
	options: { locale?: Locale; caller?: string; now?: Date } = {},
) {
	const outcome = await requestPasswordReset(
		server,
		{ email, locale: options.locale ?? 'id', caller: options.caller ?? newVisitor() },
		options.now,
	);
	if (outcome.ok) await outcome.delivery;
	return outcome;
}

/** The token of the link in a message's text. */
export function tokenInText(text: string): string {
	const link = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(text)?.[0];
	if (!link) throw new Error(`No reset link in: ${text}`);
	return new URL(link).searchParams.get('token')!;
}

/** The token of the newest message the development mailbox holds for `email`. */
export function heldToken(server: ServerContext, email: string): string {
	const message = server.devMailbox?.recent().find((held) => held.to === email);
	if (!message) throw new Error(`No message to ${email}`);
	return tokenInText(message.text);
}

/** Keeps the log of held messages out of the test output: a `beforeEach` hook, undone after. */
export function quietLog() {
	const log = vi.spyOn(console, 'info').mockImplementation(() => {});
	return () => log.mockRestore();
}
