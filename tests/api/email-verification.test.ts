import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { emailVerificationPolicy } from '~/config/limits';
import {
	resendVerificationMail,
	sendVerificationMail,
	verifyEmailAddress,
} from '~/server/auth/provider/email-verification';
import { submitInteraction } from '~/server/auth/provider/interaction';
import { mountedProviderHandler, providerPath } from '~/server/auth/provider/provider';
import { findOrCreateUser } from '~/server/auth/users';
import { localAccounts, users } from '~/server/db/schema';
import { newLocalAccount, newVisitor, quietLog } from '../helpers/password-reset';
import { describeOnDatabases, type TestServer } from '../helpers/test-server';

/** The site's server for the built-in provider's requests; the suite's provider once it runs. */
let site: Server;
let origin = '';
type Handler = (req: never, res: never) => unknown;
let answer: Handler | null = null;
const handlers = new WeakMap<object, Handler>();

beforeAll(async () => {
	site = createServer((req, res) => {
		if (answer && providerPath(req.url)) return void answer(req as never, res as never);
		res.writeHead(404).end();
	});
	await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

/** A browser's cookies, by name: enough for the provider's few, whatever their paths. */
class CookieJar {
	private cookies = new Map<string, string>();

	async get(url: string): Promise<string> {
		const response = await fetch(url, {
			redirect: 'manual',
			headers: { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
		});
		for (const line of response.headers.getSetCookie()) {
			const [pair = ''] = line.split(';');
			const name = pair.slice(0, pair.indexOf('='));
			const value = pair.slice(pair.indexOf('=') + 1);
			if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.set(name, value);
			else this.cookies.delete(name);
		}
		const location = response.headers.get('location');
		if (response.status < 300 || response.status >= 400 || !location) {
			throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
		}
		return new URL(location, url).href;
	}
}

function credentials(email: string, password: string): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries({ email, password, passwordConfirm: password })) {
		form.set(name, value);
	}
	return form;
}

/**
 * A whole sign-in (or sign-up) at the built-in provider, as the browser and the site's pages go
 * through it, up to the identity the site's relying party reads from the ID token.
 */
async function signInThroughProvider(
	{ server }: TestServer,
	mode: 'signIn' | 'signUp',
	account: { email: string; password: string },
	locale: 'id' | 'en' = 'id',
) {
	// Each database's suite has a provider of its own behind the one address.
	answer = handlers.get(server) ?? (mountedProviderHandler(server.provider!) as never);
	handlers.set(server, answer!);
	const browser = new CookieJar();
	const { url, transactionCookie } = await server.relyingParty.start({
		origin,
		redirectTo: '/',
		signUp: mode === 'signUp',
		locale,
	});
	const interactionPage = await browser.get(url);
	const uid = /\/auth\/interaction\/([\w-]+)$/.exec(interactionPage)![1]!;
	const interaction = { uid, requestedMode: mode, loginHint: null };
	const outcome = await submitInteraction(
		server,
		interaction,
		mode,
		credentials(account.email, account.password),
		newVisitor(),
		locale,
	);
	if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
	await outcome.verificationMail;
	const resume = await browser.get(`${interactionPage}/finish?ticket=${outcome.ticket}`);
	const callback = await browser.get(resume);
	return server.relyingParty.finish(new URL(callback), transactionCookie);
}

/** The token of the newest confirmation link held for `email`, and the message. */
function heldLink(test: TestServer, email: string) {
	const message = test.server.devMailbox?.recent().find((held) => held.to === email);
	const link = /https?:\/\/\S+\/auth\/verify-email\?token=\S+/.exec(message?.text ?? '')?.[0];
	if (!message || !link) throw new Error(`No confirmation link to ${email}`);
	return { message, link, token: new URL(link).searchParams.get('token')! };
}

async function verifiedAt(test: TestServer, accountId: string) {
	const [row] = await test.server.db
		.select({ at: localAccounts.emailVerifiedAt })
		.from(localAccounts)
		.where(eq(localAccounts.id, accountId));
	return row?.at ?? null;
}

const day = 24 * 60 * 60_000;

describeOnDatabases(
	'confirming the address of a built-in account',
	(use) => {
		beforeEach(quietLog);

		it('mails the link at sign-up, and the ID token of the next sign-in says it is confirmed', async () => {
			const account = {
				email: `baru.${randomBytes(4).toString('hex')}@example.com`,
				password: 'Sandi-rahasia-1',
			};
			const signedUp = await signInThroughProvider(use(), 'signUp', account, 'en');
			expect(signedUp.emailVerified).toBe(false);
			const user = await findOrCreateUser(use().server.db, signedUp);
			expect(user.emailVerified).toBe(false);

			const { message, link, token } = heldLink(use(), account.email);
			expect(message.subject).toBe('Confirm the email of your Hibahin account');
			expect(message.headers).toEqual({ 'Content-Language': 'en' });
			expect(message.html).toContain('<html lang="en">');
			expect(link.startsWith(`${origin}/en/auth/verify-email?token=`)).toBe(true);

			expect(await verifyEmailAddress(use().server, token)).toEqual({
				ok: true,
				email: account.email,
			});
			expect(await verifiedAt(use(), signedUp.subject)).toBeInstanceOf(Date);
			// The site knows at once, without waiting for the next sign-in.
			const [now] = await use().server.db.select().from(users).where(eq(users.id, user.id));
			expect(now!.emailVerified).toBe(true);

			// Each sign-in stores what the ID token says.
			await use()
				.server.db.update(users)
				.set({ emailVerified: false })
				.where(eq(users.id, user.id));
			const signedIn = await signInThroughProvider(use(), 'signIn', account);
			expect(signedIn.emailVerified).toBe(true);
			expect((await findOrCreateUser(use().server.db, signedIn)).emailVerified).toBe(true);
		});

		it('writes the link in Indonesian from the Indonesian sign-up page', async () => {
			const account = await newLocalAccount(use().server);
			await sendVerificationMail(use().server, account, 'id');
			const { message, link } = heldLink(use(), account.email);
			expect(message.subject).toBe('Pastikan email akun Hibahin-mu');
			expect(message.text).toContain('Tautan berlaku 7 hari.');
			expect(link.startsWith(`${origin}/auth/verify-email?token=`)).toBe(true);
		});

		it('takes only its own links, within a week, for the address they were sent to', async () => {
			const { server } = use();
			const account = await newLocalAccount(server);
			const sentAt = new Date();
			await sendVerificationMail(server, account, 'id', sentAt);
			const { token } = heldLink(use(), account.email);
			const bytes = Buffer.from(token, 'base64url');
			bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
			const late = new Date(sentAt.getTime() + emailVerificationPolicy.linkTtlMs + 1000);

			for (const bad of ['', 'x', bytes.toString('base64url'), `${token}x`, 'a b']) {
				expect(await verifyEmailAddress(server, bad), bad).toEqual({ ok: false });
			}
			expect(await verifyEmailAddress(server, token, late)).toEqual({ ok: false });
			expect(await verifiedAt(use(), account.id)).toBeNull();

			const first = new Date(sentAt.getTime() + day);
			expect((await verifyEmailAddress(server, token, first)).ok).toBe(true);
			// Used again, it changes nothing.
			expect((await verifyEmailAddress(server, token, new Date(first.getTime() + day))).ok).toBe(
				true,
			);
			expect(await verifiedAt(use(), account.id)).toEqual(first);

			// A link for an earlier address confirms no later one.
			const changed = await newLocalAccount(server);
			await sendVerificationMail(server, changed, 'id');
			const old = heldLink(use(), changed.email).token;
			await server.db
				.update(localAccounts)
				.set({ email: `lain.${changed.email}` })
				.where(eq(localAccounts.id, changed.id));
			expect(await verifyEmailAddress(server, old)).toEqual({ ok: false });
		});

		it('sends the link again on request, a few times an hour, only while it is needed', async () => {
			const { server } = use();
			const account = await newLocalAccount(server);
			const builtIn = { issuer: `${origin}/oidc`, subject: account.id };
			for (let time = 0; time < emailVerificationPolicy.resendPerAccount.limit; time++) {
				expect(await resendVerificationMail(server, builtIn, 'id')).toEqual({
					sent: true,
					email: account.email,
				});
			}
			expect(await resendVerificationMail(server, builtIn, 'id')).toMatchObject({
				sent: false,
				reason: 'limited',
			});

			const other = await newLocalAccount(server);
			const external = { issuer: 'https://hibahin.kinde.com', subject: other.id };
			expect(await resendVerificationMail(server, external, 'id')).toEqual({
				sent: false,
				reason: 'notNeeded',
			});
			const afterwards = { issuer: `${origin}/oidc`, subject: other.id };
			await server.db
				.update(localAccounts)
				.set({ emailVerifiedAt: new Date() })
				.where(eq(localAccounts.id, other.id));
			expect(await resendVerificationMail(server, afterwards, 'id')).toEqual({
				sent: false,
				reason: 'notNeeded',
			});
		});

		it('keeps what it knew when a caller cannot tell (an API token), else stores the claim', async () => {
			const { db } = use().server;
			const identity = { issuer: 'https://hibahin.kinde.com', subject: 'kp_123', email: 'k@x.id' };
			expect((await findOrCreateUser(db, { ...identity, emailVerified: true })).emailVerified).toBe(
				true,
			);
			expect((await findOrCreateUser(db, identity)).emailVerified).toBe(true);
			expect(
				(await findOrCreateUser(db, { ...identity, emailVerified: false })).emailVerified,
			).toBe(false);
		});
	},
	{ env: () => ({ PUBLIC_URL: origin }) },
);
