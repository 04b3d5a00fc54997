import { escapeHtml } from '~/lib/html';
import type { Locale } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import type { MailMessage } from './mailer';

/** The translation keys of a link mail, each prefix holding every part. */
type LinkMailKeys = 'mail.verification.mail' | 'passwordReset.mail';
type LinkMailPart =
	'greeting' | 'intro' | 'action' | 'copy' | 'expiry' | 'ignore' | 'regards' | 'team' | 'subject';

/**
 * A mail whose whole point is one link (confirm an address, set a new password): greeting, a
 * sentence, the link as a button and as text, when it expires, who signs. Its words come from the
 * translation keys under `keys`, `expiry` filled with `expiryValues`.
 */
export function linkMail(
	to: string,
	link: string,
	locale: Locale,
	keys: LinkMailKeys,
	expiryValues: Record<string, number>,
): MailMessage {
	const t = useTranslations(locale);
	const say = (part: LinkMailPart, values: Record<string, number> = {}) =>
		t(`${keys}.${part}` as const, values);
	const greeting = say('greeting');
	const intro = say('intro');
	const closing = [say('expiry', expiryValues), say('ignore')];
	const signature = [say('regards'), say('team')];
	const text = [greeting, '', intro, link, '', ...closing, '', ...signature, ''].join('\n');
	const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
	const html = [
		`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head>`,
		'<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">',
		paragraph(escapeHtml(greeting)),
		paragraph(escapeHtml(intro)),
		paragraph(
			`<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#076246;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(say('action'))}</a>`,
		),
		paragraph(
			`${escapeHtml(say('copy'))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
		),
		...closing.map((line) => paragraph(escapeHtml(line))),
		paragraph(signature.map(escapeHtml).join('<br>')),
		'</body></html>',
	].join('');
	return {
		to,
		subject: say('subject'),
		text,
		html,
		headers: { 'Content-Language': locale },
	};
}
