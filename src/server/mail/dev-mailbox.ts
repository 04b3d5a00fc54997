import type { Mailer, MailMessage } from './mailer';

/** A message the site would have sent, kept for the development mailbox page. */
export interface HeldMail extends MailMessage {
	heldAt: Date;
}

/** Without a mail server: messages go to the server log and the latest stay readable. */
export interface DevMailbox extends Mailer {
	/** The most recent messages, newest first. */
	recent(): readonly HeldMail[];
}

/** How many messages the development mailbox keeps: notification mail comes often. */
const kept = 50;

/**
 * The mailer of embedded mode: each message is printed to the log, where whoever runs the server
 * reads its links, and kept in this process's memory for the development mailbox page.
 */
export function devMailbox(log: (line: string) => void = (line) => console.info(line)): DevMailbox {
	const held: HeldMail[] = [];
	return {
		send(message) {
			const headers = Object.entries(message.headers ?? {}).map(
				([name, value]) => `${name}: ${value}\n`,
			);
			log(
				`Mail to ${message.to} (no SMTP_URL, not sent): ${message.subject}\n${headers.join('')}${message.text}`,
			);
			held.unshift({ ...message, heldAt: new Date() });
			held.length = Math.min(held.length, kept);
			return Promise.resolve();
		},
		recent: () => held,
	};
}

/** An address as a proxy may write it (`"[::1]:5000"`, `127.0.0.1:80`), without port or quotes. */
function bareAddress(value: string): string {
	const unquoted = value.trim().replace(/^"|"$/g, '');
	const bracketed = /^\[([^\]]+)\]/.exec(unquoted);
	if (bracketed) return bracketed[1]!;
	return /^[\d.]+:\d+$/.test(unquoted) ? unquoted.slice(0, unquoted.lastIndexOf(':')) : unquoted;
}

/** Whether `address` is the machine itself: 127.0.0.0/8 or ::1, IPv4-mapped or not. */
export function isLoopback(address: string | undefined): boolean {
	if (!address) return false;
	const plain = bareAddress(address).replace(/^::ffff:/i, '');
	return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Every address a proxy said the request was forwarded for, in any of the usual headers. */
function forwardedAddresses(headers: Headers): string[] {
	const forwardedFor = headers.get('x-forwarded-for')?.split(',') ?? [];
	const realIp = headers.get('x-real-ip');
	const standard = [...(headers.get('forwarded') ?? '').matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map(
		(match) => match[1]!,
	);
	return [...forwardedFor, ...(realIp ? [realIp] : []), ...standard];
}

/** Whether the site's public address is plain http on the machine itself (`http://localhost:4321`). */
function isLocalSite(publicUrl: string): boolean {
	const { protocol, hostname } = new URL(publicUrl);
	const host = hostname.toLowerCase();
	return (
		protocol === 'http:' &&
		(host === 'localhost' || host.endsWith('.localhost') || isLoopback(host))
	);
}

/**
 * The development mailbox, when this request may read it (decision 015): only in embedded mode
 * (no SMTP server), on a site whose public address is plain http on the machine itself, and for
 * a browser on that machine: a loopback connection that no proxy forwarded from elsewhere.
 * Whoever passes can read the server's log anyway, so the page shows nobody anything new.
 */
export function mailboxFor(
	server: { devMailbox: DevMailbox | null; config: { publicUrl: string } },
	request: { clientAddress: string | undefined; headers: Headers },
): DevMailbox | null {
	if (!server.devMailbox || !isLocalSite(server.config.publicUrl)) return null;
	const addresses = [request.clientAddress ?? '', ...forwardedAddresses(request.headers)];
	return addresses.every(isLoopback) ? server.devMailbox : null;
}
