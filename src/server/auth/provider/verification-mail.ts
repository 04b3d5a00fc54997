import { emailVerificationPolicy } from '~/config/limits';
import { escapeHtml } from '~/lib/html';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import type { MailMessage } from '../../mail/mailer';

/** The page that confirms an address with `token`, on the site's public address. */
export function verificationLink(publicUrl: string, locale: Locale, token: string): string {
	return `${publicUrl}${localizePath('/auth/verify-email', locale)}?token=${token}`;
}

/** The message with the link that confirms a new account's address, in the sign-up's language. */
export function verificationMail(to: string, link: string, locale: Locale): MailMessage {
	const t = useTranslations(locale);
	const days = emailVerificationPolicy.linkTtlMs / (24 * 60 * 60_000);
	const greeting = t('mail.verification.mail.greeting');
	const intro = t('mail.verification.mail.intro');
	const closing = [
		t('mail.verification.mail.expiry', { days }),
		t('mail.verification.mail.ignore'),
	];
	const signature = [t('mail.verification.mail.regards'), t('mail.verification.mail.team')];
	const text = [greeting, '', intro, link, '', ...closing, '', ...signature, ''].join('\n');
	const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
	const html = [
		`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head>`,
		'<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">',
		paragraph(escapeHtml(greeting)),
		paragraph(escapeHtml(intro)),
		paragraph(
			`<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#076246;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(t('mail.verification.mail.action'))}</a>`,
		),
		paragraph(
			`${escapeHtml(t('mail.verification.mail.copy'))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
		),
		...closing.map((line) => paragraph(escapeHtml(line))),
		paragraph(signature.map(escapeHtml).join('<br>')),
		'</body></html>',
	].join('');
	return {
		to,
		subject: t('mail.verification.mail.subject'),
		text,
		html,
		headers: { 'Content-Language': locale },
	};
}
