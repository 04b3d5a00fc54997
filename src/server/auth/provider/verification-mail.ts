import { emailVerificationPolicy } from '~/config/limits';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { MailMessage } from '../../mail/mailer';
import { linkMail } from '../../mail/link-mail';

/** The page that confirms an address with `token`, on the site's public address. */
export function verificationLink(publicUrl: string, locale: Locale, token: string): string {
	return `${publicUrl}${localizePath('/auth/verify-email', locale)}?token=${token}`;
}

/** The message with the link that confirms a new account's address, in the sign-up's language. */
export function verificationMail(to: string, link: string, locale: Locale): MailMessage {
	const days = emailVerificationPolicy.linkTtlMs / (24 * 60 * 60_000);
	return linkMail(to, link, locale, 'mail.verification.mail', { days });
}
