import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the SMTP server took: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
	to: string[];
	mail: ParsedMail;
}

/**
 * A real SMTP server on a free port that keeps what it is given. It refuses any recipient whose
 * address starts with `refused`, as a mail server with trouble would (a 4xx answer).
 */
export async function startSmtpPeer() {
	const received: ReceivedMail[] = [];
	const smtp = new SMTPServer({
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onRcptTo(address, _session, callback) {
			if (address.address.startsWith('refused')) {
				const error = new Error('Mailbox busy, try again later') as Error & {
					responseCode: number;
				};
				error.responseCode = 450;
				callback(error);
			} else {
				callback();
			}
		},
		onData(stream, session, callback) {
			simpleParser(stream)
				.then((mail) => {
					received.push({ to: session.envelope.rcptTo.map(({ address }) => address), mail });
					callback();
				})
				.catch(callback);
		},
	});
	await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
	const { port } = smtp.server.address() as AddressInfo;
	return {
		received,
		url: `smtp://127.0.0.1:${port}`,
		close: () => new Promise<void>((resolve) => smtp.close(resolve)),
	};
}
