import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../config';
import { type DevMailbox, devMailbox } from './dev-mailbox';

/** One message to one person, as plain text and as HTML. */
export interface MailMessage {
	to: string;
	subject: string;
	text: string;
	html: string;
	/**
	 * Extra header fields by name (`Content-Language`, `List-Unsubscribe`, …). A `Message-ID`
	 * given here is the message's own, so a message sent again is known as the same one.
	 */
	headers?: Record<string, string>;
}

/** Sends mail; `send` resolves once the message was handed over. */
export interface Mailer {
	send(message: MailMessage): Promise<void>;
}

/** Mail through the SMTP server named by `url`: `smtp://user:pass@host:587` or `smtps://…`. */
export function smtpMailer(url: string, from: string): Mailer {
	// Short timeouts: a mail server that hangs is tried again later, well within the time the
	// outbox holds a delivery for its sender (`deliveryLimits.claimMs`).
	const transport = createTransport({
		url,
		connectionTimeout: 10_000,
		greetingTimeout: 5_000,
		socketTimeout: 10_000,
	});
	return {
		async send({ headers = {}, ...message }) {
			const { 'Message-ID': messageId, ...others } = headers;
			await transport.sendMail({
				from,
				...message,
				headers: others,
				...(messageId ? { messageId } : {}),
			});
		},
	};
}

/** `MAIL_FROM`, else a no-reply address on the site's own host name. */
export function mailSender(config: ServerConfig): string {
	return config.mail.from ?? `Hibahin <no-reply@${new URL(config.publicUrl).hostname}>`;
}

/**
 * The site's mailer: SMTP when `SMTP_URL` is set; otherwise the log, with the development
 * mailbox that keeps what would have been sent.
 */
export function configuredMail(config: ServerConfig): {
	mailer: Mailer;
	devMailbox: DevMailbox | null;
} {
	if (config.mail.smtpUrl) {
		return { mailer: smtpMailer(config.mail.smtpUrl, mailSender(config)), devMailbox: null };
	}
	const held = devMailbox();
	return { mailer: held, devMailbox: held };
}
