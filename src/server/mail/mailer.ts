import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../config';
import { type DevMailbox, devMailbox } from './dev-mailbox';

/** One message to one person, as plain text and as HTML. */
export interface MailMessage {
	to: string;
	subject: string;
	text: string;
	html: string;
}

/** Sends mail; `send` resolves once the message was handed over. */
export interface Mailer {
	send(message: MailMessage): Promise<void>;
}

/** Mail through the SMTP server named by `url`: `smtp://user:pass@host:587` or `smtps://…`. */
export function smtpMailer(url: string, from: string): Mailer {
	const transport = createTransport(url);
	return {
		async send(message) {
			await transport.sendMail({ from, ...message });
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
