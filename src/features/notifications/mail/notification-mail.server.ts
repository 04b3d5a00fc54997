/**
 * Notification mail: one notification, or the day's saved-search matches as one digest, in the
 * recipient's language, as HTML and as plain text with the same content.
 */

import { escapeHtml } from '~/lib/html';
import type { Locale } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import type { MailMessage } from '~/server/mail/mailer';
import type { Delivery } from '../delivery/channels.server';
import {
	footerText,
	type MailFooter,
	mailButton,
	mailDocument,
	mailParagraph,
	sitePageUrl,
} from './mail-layout.server';
import { unsubscribeUrl } from './unsubscribe-link';

/** Who a mail goes to, with the token of their unsubscribe link for its kind of event. */
export interface MailRecipient {
	email: string;
	unsubscribeToken: string;
}

/** A subject is one line, short enough for an inbox list. */
const subjectLength = 100;

function subjectOf(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > subjectLength ? `${line.slice(0, subjectLength - 1).trimEnd()}…` : line;
}

/**
 * The headers of a notification mail: its language, the one-click unsubscribe (RFC 8058), and
 * a Message-ID made from the outbox row, so a message sent again is known as the same one.
 */
function notificationHeaders(
	publicUrl: string,
	locale: Locale,
	outboxId: number,
	unsubscribe: string,
): Record<string, string> {
	return {
		'Content-Language': locale,
		'List-Unsubscribe': `<${unsubscribe}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		'Message-ID': `<notification-${outboxId}@${new URL(publicUrl).hostname}>`,
	};
}

function footerFor(publicUrl: string, first: Delivery, recipient: MailRecipient): MailFooter {
	return {
		eventKind: first.eventKind,
		settingsUrl: sitePageUrl(publicUrl, first.language, '/settings/notifications'),
		unsubscribeUrl: unsubscribeUrl(publicUrl, first.language, recipient.unsubscribeToken),
	};
}

/** The mail of one notification: its text, a button to its page, and the footer. */
export function notificationMail(
	publicUrl: string,
	delivery: Delivery,
	recipient: MailRecipient,
): MailMessage {
	const locale = delivery.language;
	const t = useTranslations(locale);
	const subject = subjectOf(delivery.text);
	const page = sitePageUrl(publicUrl, locale, delivery.path);
	const footer = footerFor(publicUrl, delivery, recipient);
	const text = [
		delivery.text,
		'',
		`${t('mail.notification.open')}: ${page}`,
		'',
		...footerText(locale, footer),
		'',
	].join('\n');
	const content = [
		mailParagraph(escapeHtml(delivery.text)),
		mailParagraph(mailButton(page, t('mail.notification.open'))),
		mailParagraph(
			`${escapeHtml(t('mail.notification.copy'))}<br><a href="${escapeHtml(page)}" style="color:#076246;word-break:break-all">${escapeHtml(page)}</a>`,
			'font-size:14px;color:#4b5563',
		),
	].join('');
	return {
		to: recipient.email,
		subject,
		text,
		html: mailDocument(locale, subject, content, footer),
		headers: notificationHeaders(publicUrl, locale, delivery.outboxId, footer.unsubscribeUrl),
	};
}

/**
 * The daily digest: every new item and need of a person's saved searches in one mail, each with
 * its link, in the order given; its subject names what it holds. Its Message-ID is the first
 * entry's.
 */
export function digestMail(
	publicUrl: string,
	deliveries: readonly [Delivery, ...Delivery[]],
	recipient: MailRecipient,
): MailMessage {
	const [first] = deliveries;
	const locale = first.language;
	const t = useTranslations(locale);
	const needs = deliveries.filter((delivery) => delivery.kind === 'savedSearchNeedMatch').length;
	const holds = needs === 0 ? 'items' : needs === deliveries.length ? 'needs' : 'both';
	const subject = t(`mail.digest.subject.${holds}`, { count: deliveries.length });
	const entries = deliveries.map((delivery) => ({
		text: delivery.text,
		page: sitePageUrl(publicUrl, locale, delivery.path),
	}));
	const footer = footerFor(publicUrl, first, recipient);
	const text = [
		t('mail.digest.intro'),
		'',
		...entries.flatMap((entry) => [`- ${entry.text}`, `  ${entry.page}`]),
		'',
		...footerText(locale, footer),
		'',
	].join('\n');
	const items = entries
		.map(
			(entry) =>
				`<li style="margin:0 0 16px">${escapeHtml(entry.text)}<br><a href="${escapeHtml(entry.page)}" style="color:#076246;font-weight:700">${escapeHtml(t('mail.digest.open'))}</a></li>`,
		)
		.join('');
	const content = [
		mailParagraph(escapeHtml(t('mail.digest.intro'))),
		`<ul style="margin:0 0 8px;padding-left:20px">${items}</ul>`,
	].join('');
	return {
		to: recipient.email,
		subject,
		text,
		html: mailDocument(locale, subject, content, footer),
		headers: notificationHeaders(publicUrl, locale, first.outboxId, footer.unsubscribeUrl),
	};
}
