import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { resetPassword } from '~/server/auth/provider/password-reset';
import { askForLink, newLocalAccount, tokenInText } from '../helpers/password-reset';
import { describeOnDatabases, testOrigin } from '../helpers/test-server';

/** What the SMTP server was given: the envelope and the parsed message. */
interface Received {
	from: string;
	to: string[];
	user: string | undefined;
	mail: ParsedMail;
}

const credentials = { user: 'hibahin', pass: 'rahasia-smtp' };
const sender = 'Hibahin <halo@hibahin.test>';
let received: Received[] = [];

/** A real SMTP server on a free port, asking for a password as a mail provider would. */
const smtp = new SMTPServer({
	disabledCommands: ['STARTTLS'],
	allowInsecureAuth: true,
	logger: false,
	onAuth(auth, _session, callback) {
		if (auth.username === credentials.user && auth.password === credentials.pass) {
			callback(null, { user: auth.username });
		} else {
			callback(new Error('Invalid username or password'));
		}
	},
	onData(stream, session, callback) {
		simpleParser(stream)
			.then((mail) => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((recipient) => recipient.address),
					user: session.user as string | undefined,
					mail,
				});
				callback();
			})
			.catch(callback);
	},
});
let port = 0;

beforeAll(async () => {
	await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
	port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

describeOnDatabases(
	'password reset links by mail',
	(use) => {
		beforeEach(() => {
			received = [];
		});

		it('mails an Indonesian visitor the link in Indonesian, through the SMTP server', async () => {
			const { server } = use();
			const account = await newLocalAccount(server);
			await askForLink(server, account.email, { locale: 'id' });

			expect(received).toHaveLength(1);
			const [{ from, to, user, mail }] = received as [Received];
			expect({ from, to, user }).toEqual({
				from: 'halo@hibahin.test',
				to: [account.email],
				user: credentials.user,
			});
			expect(mail.subject).toBe('Buat kata sandi baru untuk akun Hibahin');
			expect(mail.from?.value).toEqual([{ name: 'Hibahin', address: 'halo@hibahin.test' }]);
			expect(mail.text).toContain(`${testOrigin}/auth/reset-password?token=`);
			expect(mail.html).toContain(`href="${testOrigin}/auth/reset-password?token=`);

			// The link in the message is the one that sets the new password.
			const password = 'Sandi-baru-dari-email';
			expect(
				await resetPassword(server, tokenInText(mail.text ?? ''), {
					password,
					passwordConfirm: password,
				}),
			).toEqual({ ok: true, accountId: account.id });
		});

		it('mails an English visitor the link in English, on the English page', async () => {
			const { server } = use();
			const account = await newLocalAccount(server);
			await askForLink(server, account.email, { locale: 'en' });

			expect(received.map(({ to }) => to)).toEqual([[account.email]]);
			const { mail } = received[0]!;
			expect(mail.subject).toBe('Choose a new password for your Hibahin account');
			expect(mail.text).toContain(`${testOrigin}/en/auth/reset-password?token=`);
			expect(mail.text).toContain('The link works for 30 minutes, once.');
		});

		it('mails nothing for an email without an account, and holds nothing either', async () => {
			const { server } = use();
			const outcome = await askForLink(server, 'belum.daftar@example.com');
			expect(outcome.ok).toBe(true);
			expect(received).toEqual([]);
			expect(server.devMailbox).toBeNull();
		});
	},
	{
		env: () => ({
			SMTP_URL: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
			MAIL_FROM: sender,
		}),
	},
);
