import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { passwordResetPolicy } from '~/config/limits';
import { verifyLocalAccount } from '~/server/auth/provider/accounts';
import { isResetTokenUsable, resetPassword } from '~/server/auth/provider/password-reset';
import { oidcPayloads, passwordResetTokens, users } from '~/server/db/schema';
import { askForLink, heldToken, newLocalAccount, quietLog } from '../helpers/password-reset';
import { describeOnDatabases, type TestServer } from '../helpers/test-server';

const minute = 60_000;

function newPassword(): string {
	return `Baru-${randomBytes(6).toString('hex')}`;
}

/** A reset ends the account's sessions on the site and at the provider, and nobody else's. */
async function signsOutEverywhere(use: () => TestServer): Promise<void> {
	const { server } = use();
	const account = await newLocalAccount(server);
	const siteUser = randomUUID();
	await server.db.insert(users).values({
		id: siteUser,
		issuer: `${server.config.publicUrl}/oidc`,
		subject: account.id,
		email: account.email,
	});
	const sessions = [
		await server.sessions.create(siteUser, null),
		await server.sessions.create(siteUser, null),
	];
	const someoneElse = await use().createUser();
	const providerSession = { id: randomUUID(), type: 'Session' };
	await server.db.insert(oidcPayloads).values({
		...providerSession,
		payload: { accountId: account.id, exp: Math.floor(Date.now() / 1000) + 3600 },
	});
	await askForLink(server, account.email);
	const password = newPassword();

	await resetPassword(server, heldToken(server, account.email), {
		password,
		passwordConfirm: password,
	});
	for (const token of sessions) expect(await server.sessions.find(token)).toBeNull();
	const left = await server.db
		.select()
		.from(oidcPayloads)
		.where(and(eq(oidcPayloads.id, providerSession.id), eq(oidcPayloads.type, 'Session')));
	expect(left).toEqual([]);
	expect(await server.sessions.find(someoneElse.token)).toMatchObject({ userId: someoneElse.id });
}

describeOnDatabases('password reset', (use) => {
	beforeEach(quietLog);

	it('keeps only a digest of a link’s token', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const token = heldToken(server, account.email);
		const stored = JSON.stringify(await server.db.select().from(passwordResetTokens));
		expect(stored).toContain(account.id);
		expect(stored).not.toContain(token);
	});

	it('sets a new password that signs in, while the old one no longer does', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const password = newPassword();

		const outcome = await resetPassword(server, heldToken(server, account.email), {
			password,
			passwordConfirm: password,
		});
		expect(outcome).toEqual({ ok: true, accountId: account.id });
		expect(await verifyLocalAccount(server.db, account.email, password)).toMatchObject({
			id: account.id,
		});
		expect(await verifyLocalAccount(server.db, account.email, account.password)).toBeNull();
	});

	it('lets a link work for 30 minutes, and not after', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		const sent = new Date();
		await askForLink(server, account.email, { now: sent });
		const token = heldToken(server, account.email);
		const at = (minutes: number) => new Date(sent.getTime() + minutes * minute);
		const password = newPassword();

		expect(passwordResetPolicy.linkTtlMs).toBe(30 * minute);
		expect(await isResetTokenUsable(server.db, token, at(29.9))).toBe(true);
		expect(await isResetTokenUsable(server.db, token, at(30))).toBe(false);
		expect(
			await resetPassword(server, token, { password, passwordConfirm: password }, at(30)),
		).toEqual({ ok: false, linkUnusable: true });
		expect(await verifyLocalAccount(server.db, account.email, account.password)).not.toBeNull();
	});

	it('lets a link work once', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const token = heldToken(server, account.email);
		const first = newPassword();
		const second = newPassword();

		expect(await resetPassword(server, token, { password: first, passwordConfirm: first })).toEqual(
			{ ok: true, accountId: account.id },
		);
		expect(await isResetTokenUsable(server.db, token)).toBe(false);
		expect(
			await resetPassword(server, token, { password: second, passwordConfirm: second }),
		).toEqual({ ok: false, linkUnusable: true });
		expect(await verifyLocalAccount(server.db, account.email, first)).not.toBeNull();
		expect(await verifyLocalAccount(server.db, account.email, second)).toBeNull();
	});

	it('lets only one of two uses at the same moment set its password', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const token = heldToken(server, account.email);
		const passwords = [newPassword(), newPassword()];

		const outcomes = await Promise.all(
			passwords.map((password) =>
				resetPassword(server, token, { password, passwordConfirm: password }),
			),
		);
		expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
		expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, linkUnusable: true }]);
		const winner = passwords[outcomes.findIndex((outcome) => outcome.ok)]!;
		const loser = passwords.find((password) => password !== winner)!;
		expect(await verifyLocalAccount(server.db, account.email, winner)).not.toBeNull();
		expect(await verifyLocalAccount(server.db, account.email, loser)).toBeNull();
	});

	it('stops every other link of the account once the password is changed', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const older = heldToken(server, account.email);
		await askForLink(server, account.email);
		const newer = heldToken(server, account.email);
		expect(newer).not.toBe(older);
		const password = newPassword();

		expect(
			await resetPassword(server, newer, { password, passwordConfirm: password }),
		).toMatchObject({ ok: true });
		expect(await isResetTokenUsable(server.db, older)).toBe(false);
	});

	it('refuses a new password against the sign-up’s rules, with translated reasons, and keeps the link', async () => {
		const { server } = use();
		const account = await newLocalAccount(server);
		await askForLink(server, account.email);
		const token = heldToken(server, account.email);

		expect(
			await resetPassword(server, token, { password: 'pendek', passwordConfirm: 'pendek' }),
		).toEqual({
			ok: false,
			errors: { password: 'auth.form.errors.passwordTooShort' },
		});
		const long = 'x'.repeat(129);
		expect(await resetPassword(server, token, { password: long, passwordConfirm: long })).toEqual({
			ok: false,
			errors: { password: 'auth.form.errors.passwordTooLong' },
		});
		expect(
			await resetPassword(server, token, {
				password: newPassword(),
				passwordConfirm: newPassword(),
			}),
		).toEqual({ ok: false, errors: { passwordConfirm: 'auth.form.errors.passwordMismatch' } });
		expect(await isResetTokenUsable(server.db, token)).toBe(true);
		expect(await verifyLocalAccount(server.db, account.email, account.password)).not.toBeNull();
	});

	it('refuses a link nobody was given', async () => {
		const { server } = use();
		const password = newPassword();
		for (const token of ['', 'tidak-pernah-dikirim', randomBytes(32).toString('base64url')]) {
			expect(await resetPassword(server, token, { password, passwordConfirm: password })).toEqual({
				ok: false,
				linkUnusable: true,
			});
		}
	});

	it('signs the account out everywhere: on the site and at the provider', () =>
		signsOutEverywhere(use));
});

if (process.env['TEST_REDIS_URL']) {
	describeOnDatabases(
		'password reset with sessions in Redis',
		(use) => {
			beforeEach(quietLog);
			it('signs the account out everywhere: on the site and at the provider', () =>
				signsOutEverywhere(use));
		},
		{ env: { REDIS_URL: process.env['TEST_REDIS_URL'] } },
	);
}
