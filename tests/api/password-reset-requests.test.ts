import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it, type MockInstance, vi } from 'vitest';
import { passwordResetPolicy } from '~/config/limits';
import { isResetTokenUsable } from '~/server/auth/provider/password-reset';
import { askForLink, heldToken, newLocalAccount, newVisitor } from '../helpers/password-reset';
import { describeOnDatabases } from '../helpers/test-server';

const minute = 60_000;

describeOnDatabases('requests for a password reset link', (use) => {
	// Without SMTP_URL every message is written to the log, which is read here instead of printed.
	let log: MockInstance<typeof console.info>;
	beforeEach(() => {
		log = vi.spyOn(console, 'info').mockImplementation(() => {});
		return () => log.mockRestore();
	});

	it('writes the link to the server log and keeps it in the development mailbox', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const token = heldToken(server, account.email);
		expect(log).toHaveBeenCalledWith(expect.stringContaining(account.email));
		expect(log).toHaveBeenCalledWith(
			expect.stringContaining(`${server.config.publicUrl}/auth/reset-password?token=${token}`),
		);
	});

	it('answers a registered and an unknown email alike, and mails only the registered one', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		const unknown = `tidak.ada.${randomUUID()}@example.com`;
		const caller = newVisitor();
		const registered = await askForLink(server, account.email, { caller });
		const stranger = await askForLink(server, unknown, { caller });

		const answer = (outcome: typeof registered) => ({ ...outcome, delivery: null, email: null });
		expect(registered.ok).toBe(true);
		expect(answer(stranger)).toEqual(answer(registered));
		const recipients = server.devMailbox!.recent().map((held) => held.to);
		expect(recipients).toContain(account.email);
		expect(recipients).not.toContain(unknown);
	});

	it('finds the account whatever the case and spacing of the email', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, `  ${account.email.toUpperCase()} `);
		expect(await isResetTokenUsable(server.db, heldToken(server, account.email))).toBe(true);
	});

	it('refuses an email that is not one, with the translated reason, and mails nothing', async () => {
		const { server } = use();
		const before = server.devMailbox!.recent().length;
		for (const email of ['', 'bukan-email', 'a@', '@example.com']) {
			const outcome = await askForLink(server, email);
			expect(outcome).toMatchObject({
				ok: false,
				errors: { email: 'auth.form.errors.emailInvalid' },
			});
		}
		expect(server.devMailbox!.recent().length).toBe(before);
	});

	it('limits requests per email, registered or not, and says for how long', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		const unknown = `tidak.ada.${randomUUID()}@example.com`;
		const { limit, windowMs } = passwordResetPolicy.perEmail;
		for (const email of [account.email, unknown]) {
			for (let request = 0; request < limit; request++) {
				expect(await askForLink(server, email)).toMatchObject({ ok: true });
			}
			const refused = await askForLink(server, email);
			expect(refused).toEqual({
				ok: false,
				email,
				errors: { form: 'auth.form.errors.rateLimited' },
				retryAfterMinutes: windowMs / minute,
			});
		}
		const mailed = server.devMailbox!.recent().filter((held) => held.to === account.email);
		expect(mailed).toHaveLength(limit);
	});

	it('limits requests per visitor across emails', async () => {
		const { server } = use();
		const caller = newVisitor();
		const { limit } = passwordResetPolicy.perVisitor;
		for (let request = 0; request < limit; request++) {
			expect(await askForLink(server, `${randomUUID()}@example.com`, { caller })).toMatchObject({
				ok: true,
			});
		}
		expect(await askForLink(server, `${randomUUID()}@example.com`, { caller })).toMatchObject({
			ok: false,
			errors: { form: 'auth.form.errors.rateLimited' },
		});
		// A visitor over the limit does not use up the allowance of the email it asked for.
		const account = await newLocalAccount(server);
		expect(await askForLink(server, account.email, { caller })).toMatchObject({ ok: false });
		expect(await askForLink(server, account.email)).toMatchObject({ ok: true });
	});

	it('writes the message in the language the visitor asked in, with the link on the site', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email, { locale: 'en' });
		const [english] = server.devMailbox!.recent();
		expect(english).toMatchObject({
			to: account.email,
			subject: 'Choose a new password for your Hibahin account',
		});
		expect(english!.text).toContain(`${server.config.publicUrl}/en/auth/reset-password?token=`);
		expect(english!.text).toContain('30 minutes');
		expect(english!.html).toContain(
			`href="${server.config.publicUrl}/en/auth/reset-password?token=`,
		);

		await askForLink(server, account.email, { locale: 'id' });
		const [indonesian] = server.devMailbox!.recent();
		expect(indonesian!.subject).toBe('Buat kata sandi baru untuk akun Hibahin');
		expect(indonesian!.text).toContain(`${server.config.publicUrl}/auth/reset-password?token=`);
		expect(indonesian!.text).toContain('30 menit');
	});
});
