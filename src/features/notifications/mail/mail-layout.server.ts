/**
 * The frame every notification mail shares: a plain, inline-styled HTML page (mail clients drop
 * style sheets) and the footer that says why the mail came and how to stop it.
 */

import { escapeHtml } from '~/lib/html';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import type { EventKind } from '../notifications';

/** The site's primary green, as the site's buttons show it. */
const primary = '#076246';

/** `path` of the site (`/my-requests`, `/items/7?photo=2`) in `locale`, as an absolute URL. */
export function sitePageUrl(publicUrl: string, locale: Locale, path: string): string {
	const [, pathname = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(path) ?? [];
	return `${new URL(publicUrl).origin}${localizePath(pathname || '/', locale)}${rest}`;
}

/** The link that looks like the site's primary button. */
export function mailButton(href: string, label: string): string {
	return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${primary};color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a>`;
}

export function mailParagraph(html: string, style = ''): string {
	return `<p style="margin:0 0 16px;${style}">${html}</p>`;
}

/** What the footer needs: the kind of mail, and the links to the settings and to stop it. */
export interface MailFooter {
	eventKind: EventKind;
	settingsUrl: string;
	unsubscribeUrl: string;
}

/** The footer's lines as plain text. */
export function footerText(locale: Locale, footer: MailFooter): string[] {
	const t = useTranslations(locale);
	return [
		'--',
		t('mail.footer.why', { kind: t(`mail.kinds.${footer.eventKind}`) }),
		`${t('mail.footer.settings')}: ${footer.settingsUrl}`,
		`${t('mail.footer.unsubscribe')}: ${footer.unsubscribeUrl}`,
	];
}

function footerHtml(locale: Locale, footer: MailFooter): string {
	const t = useTranslations(locale);
	const link = (href: string, label: string) =>
		`<a href="${escapeHtml(href)}" style="color:#4b5563">${escapeHtml(label)}</a>`;
	return mailParagraph(
		[
			escapeHtml(t('mail.footer.why', { kind: t(`mail.kinds.${footer.eventKind}`) })),
			`${link(footer.settingsUrl, t('mail.footer.settings'))} · ${link(footer.unsubscribeUrl, t('mail.footer.unsubscribe'))}`,
		].join('<br>'),
		'font-size:13px;line-height:1.6;color:#6b7280',
	);
}

/** A whole mail page in `locale`: the site's name, `content` on a white card, the footer. */
export function mailDocument(
	locale: Locale,
	title: string,
	content: string,
	footer: MailFooter,
): string {
	return [
		`<!doctype html><html lang="${locale}"><head><meta charset="utf-8">`,
		'<meta name="viewport" content="width=device-width,initial-scale=1">',
		`<title>${escapeHtml(title)}</title></head>`,
		'<body style="margin:0;padding:0;background:#f3f4f6">',
		'<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">',
		mailParagraph('Hibahin', `font-size:20px;font-weight:800;color:${primary}`),
		`<div style="background:#ffffff;border-radius:12px;padding:24px 24px 8px">${content}</div>`,
		`<div style="padding:16px 8px 0">${footerHtml(locale, footer)}</div>`,
		'</div></body></html>',
	].join('');
}
