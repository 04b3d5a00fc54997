import { passwordResetPolicy } from '~/config/limits';
import { escapeHtml } from '~/lib/html';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import type { MailMessage } from '../../mail/mailer';

/** The page that sets a new password with `token`, on the site's public address. */
export function resetLink(publicUrl: string, locale: Locale, token: string): string {
	return `${publicUrl}${localizePath('/auth/reset-password', locale)}?token=${token}`;
}

/** The message with a reset link, in the language the visitor asked in. */
export function resetMail(to: string, link: string, locale: Locale): MailMessage {
	const t = useTranslations(locale);
	const minutes = passwordResetPolicy.linkTtlMs / 60_000;
	const greeting = t('passwordReset.mail.greeting');
	const intro = t('passwordReset.mail.intro');
	const closing = [t('passwordReset.mail.expiry', { minutes }), t('passwordReset.mail.ignore')];
	const signature = [t('passwordReset.mail.regards'), t('passwordReset.mail.team')];
	const text = [greeting, '', intro, link, '', ...closing, '', ...signature, ''].join('\n');
	const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
	const html = [
		`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head>`,
		'<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">',
		paragraph(escapeHtml(greeting)),
		paragraph(escapeHtml(intro)),
		paragraph(
			`<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#076246;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(t('passwordReset.mail.action'))}</a>`,
		),
		paragraph(
			`${escapeHtml(t('passwordReset.mail.copy'))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
		),
		...closing.map((line) => paragraph(escapeHtml(line))),
		paragraph(signature.map(escapeHtml).join('<br>')),
		'</body></html>',
	].join('');
	return { to, subject: t('passwordReset.mail.subject'), text, html };
}
