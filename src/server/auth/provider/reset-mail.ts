import { passwordResetPolicy } from '~/config/limits';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { MailMessage } from '../../mail/mailer';
import { linkMail } from '../../mail/link-mail';

/** The page that sets a new password with `token`, on the site's public address. */
export function resetLink(publicUrl: string, locale: Locale, token: string): string {
	return `${publicUrl}${localizePath('/auth/reset-password', locale)}?token=${token}`;
}

/** The message with a reset link, in the language the visitor asked in. */
export function resetMail(to: string, link: string, locale: Locale): MailMessage {
	const minutes = passwordResetPolicy.linkTtlMs / 60_000;
	return linkMail(to, link, locale, 'passwordReset.mail', { minutes });
}
