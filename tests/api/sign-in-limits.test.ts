import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLimits } from '~/config/limits';
import { createLocalAccount } from '~/server/auth/provider/accounts';
import {
	type InteractionMode,
	type InteractionOutcome,
	submitInteraction,
} from '~/server/auth/provider/interaction';
import { type SignInPolicy, signInGuard } from '~/server/auth/provider/sign-in-limits';
import type { Database } from '~/server/db/client';
import { databaseRateLimiter, type RateLimiter, redisRateLimiter } from '~/server/rate-limit';
import { devMailbox } from '~/server/mail/dev-mailbox';
import { freshPglite, testDatabases, testOrigin } from '../helpers/test-server';

/** Where accounts live, and where the limits count: a database, or Redis beside one. */
interface Backend {
	db: Database;
	limiter: RateLimiter;
	close(): Promise<void>;
}

const backends: { name: string; start: () => Promise<Backend> }[] = [
	...testDatabases.map(({ name, open }) => ({
		name,
		async start() {
			const database = await open();
			return {
				db: database.db,
				limiter: databaseRateLimiter(database.db),
				close: () => database.close(),
			};
		},
	})),
	...(process.env['TEST_REDIS_URL']
		? [
				{
					name: 'Redis',
					async start() {
						const database = await freshPglite();
						const redis = new Redis(process.env['TEST_REDIS_URL']!);
						return {
							db: database.db,
							limiter: redisRateLimiter(redis),
							async close() {
								await redis.quit();
								await database.close();
							},
						};
					},
				},
			]
		: []),
];

/** A visitor's address; behind a carrier's NAT many people share one. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const uniqueEmail = () => `warga.${randomBytes(6).toString('hex')}@example.com`;
/** Where the confirmation links of the sign-ups here go: held, never sent. */
const mailer = devMailbox(() => {});
const interaction = {
	uid: 'sign-in-in-progress',
	requestedMode: 'signIn' as const,
	loginHint: null,
};

for (const { name, start } of backends) {
	describe(`sign-in and sign-up limits (${name})`, () => {
		let backend: Backend;
		beforeAll(async () => {
			backend = await start();
		}, 120_000);
		afterAll(() => backend?.close());

		function submit(
			mode: InteractionMode,
			email: string,
			password: string,
			caller: string,
			device: { knownDevice?: boolean } = {},
		): Promise<InteractionOutcome> {
			const form = new FormData();
			form.set('mode', mode);
			form.set('email', email);
			form.set('password', password);
			form.set('passwordConfirm', password);
			return submitInteraction(
				{ db: backend.db, rateLimiter: backend.limiter, mailer, config: { publicUrl: testOrigin } },
				interaction,
				mode,
				form,
				caller,
				'id',
				device,
			);
		}

		async function account() {
			const email = uniqueEmail();
			const password = `Rahasia-${randomBytes(4).toString('hex')}`;
			await createLocalAccount(backend.db, email, password);
			return { email, password };
		}

		/** What the form answers, without the ticket that changes every time. */
		const answer = (outcome: InteractionOutcome) =>
			outcome.ok ? 'signed in' : `${outcome.status} ${Object.values(outcome.errors).join(' ')}`;

		it('never counts sign-ins that work, however many come from one address', async () => {
			const { email, password } = await account();
			const shared = address();
			for (let signIn = 0; signIn < 15; signIn++) {
				expect(answer(await submit('signIn', email, password, shared))).toBe('signed in');
			}
		});

		it('stops 100 wrong passwords from rotating addresses, and the right one waits for the lock', async () => {
			const { email, password } = await account();
			const answers = new Map<string, number>();
			for (let guess = 0; guess < 100; guess++) {
				const outcome = answer(await submit('signIn', email, `tebakan-${guess}`, address()));
				answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
			}
			// Nine are told the password is wrong; the tenth locks the account, and the rest wait.
			expect(Object.fromEntries(answers)).toEqual({
				'400 auth.form.errors.invalidCredentials': signInLimits.failuresPerAccount - 1,
				'429 auth.form.errors.accountLocked': 100 - signInLimits.failuresPerAccount + 1,
			});

			const right = await submit('signIn', email, password, address());
			expect(answer(right)).toBe('429 auth.form.errors.accountLocked');
			const retryAfter = right.ok ? 0 : (right.retryAfterSeconds ?? 0);
			expect(retryAfter).toBeGreaterThan(signInLimits.lockBaseMs / 1000 - 60);
			expect(retryAfter).toBeLessThanOrEqual(signInLimits.lockBaseMs / 1000);
		});

		it('lets the owner in on a browser they signed in on before, after 100 wrong guesses by a stranger', async () => {
			const { email, password } = await account();
			for (let guess = 0; guess < 100; guess++) {
				await submit('signIn', email, `tebakan-${guess}`, address());
			}
			// The stranger, and the owner on a new browser, wait for the lock; the owner's browser does not.
			expect(answer(await submit('signIn', email, password, address()))).toBe(
				'429 auth.form.errors.accountLocked',
			);
			const own = { knownDevice: true };
			expect(answer(await submit('signIn', email, 'masih-salah', address(), own))).toBe(
				'400 auth.form.errors.invalidCredentials',
			);
			expect(answer(await submit('signIn', email, password, address(), own))).toBe('signed in');
			// Signing in cleared the record: the account is open again everywhere.
			expect(answer(await submit('signIn', email, password, address()))).toBe('signed in');
		});

		it('locks only the account that was guessed: others sign in from the same address', async () => {
			const guessed = await account();
			const other = await account();
			const shared = address();
			for (let guess = 0; guess < signInLimits.failuresPerAccount; guess++) {
				await submit('signIn', guessed.email, 'salah-sekali', shared);
			}
			expect(answer(await submit('signIn', guessed.email, guessed.password, shared))).toBe(
				'429 auth.form.errors.accountLocked',
			);
			expect(answer(await submit('signIn', other.email, other.password, shared))).toBe('signed in');
		});

		it('forgets the wrong passwords before a sign-in that works', async () => {
			const { email, password } = await account();
			const almost = signInLimits.failuresPerAccount - 1;
			for (let guess = 0; guess < almost; guess++)
				await submit('signIn', email, 'lupa-lagi', address());
			expect(answer(await submit('signIn', email, password, address()))).toBe('signed in');
			for (let guess = 0; guess < almost; guess++) {
				expect(answer(await submit('signIn', email, 'lupa-lagi', address()))).toBe(
					'400 auth.form.errors.invalidCredentials',
				);
			}
			expect(answer(await submit('signIn', email, password, address()))).toBe('signed in');
		});

		it('counts an email the same however it is typed, registered or not', async () => {
			const email = uniqueEmail();
			for (let guess = 0; guess < signInLimits.failuresPerAccount; guess++) {
				const typed = guess % 2 ? ` ${email.toUpperCase()} ` : email;
				await submit('signIn', typed, 'tidak-ada-akun', address());
			}
			expect(answer(await submit('signIn', email, 'tidak-ada-akun', address()))).toBe(
				'429 auth.form.errors.accountLocked',
			);
		});

		it('lets many people behind one address sign up, up to its ceiling, registered emails included', async () => {
			const shared = address();
			const taken = await account();
			expect(answer(await submit('signUp', taken.email, taken.password, shared))).toBe(
				'400 auth.form.errors.emailTaken',
			);
			for (let signUp = 1; signUp < signInLimits.signUpsPerAddress; signUp++) {
				expect(answer(await submit('signUp', uniqueEmail(), 'Rahasia-baru', shared))).toBe(
					'signed in',
				);
			}
			const refused = await submit('signUp', uniqueEmail(), 'Rahasia-baru', shared);
			expect(answer(refused)).toBe('429 auth.form.errors.signUpLimited');
			expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
			expect(answer(await submit('signUp', uniqueEmail(), 'Rahasia-baru', address()))).toBe(
				'signed in',
			);
		});

		it('does not count a form with mistakes as an attempt', async () => {
			const { email, password } = await account();
			for (let mistake = 0; mistake < 2 * signInLimits.failuresPerAccount; mistake++) {
				expect(answer(await submit('signIn', email, 'pendek', address()))).toBe(
					'400 auth.form.errors.passwordTooShort',
				);
			}
			expect(answer(await submit('signIn', email, password, address()))).toBe('signed in');
		});

		describe('the lock', () => {
			const policy: SignInPolicy = {
				...signInLimits,
				failuresPerAccount: 2,
				failuresPerAddress: 3,
				lockBaseMs: 1000,
				lockMaxMs: 60_000,
			};

			it('lasts twice as long at each further lock', async () => {
				const guard = signInGuard(backend.limiter, policy);
				const email = uniqueEmail();
				expect(await guard.failed(email, address())).toBeNull();
				expect(await guard.failed(email, address())).toEqual({
					reason: 'account',
					retryAfterSeconds: 1,
				});
				expect(await guard.refusal(email, address())).toMatchObject({ reason: 'account' });

				await sleep(1100);
				expect(await guard.refusal(email, address())).toBeNull();
				expect(await guard.failed(email, address())).toBeNull();
				expect(await guard.failed(email, address())).toEqual({
					reason: 'account',
					retryAfterSeconds: 2,
				});
			});

			it('starts from the first length again after a sign-in that works', async () => {
				const guard = signInGuard(backend.limiter, policy);
				const email = uniqueEmail();
				await guard.failed(email, address());
				expect(await guard.failed(email, address())).toMatchObject({ retryAfterSeconds: 1 });
				await sleep(1100);
				await guard.succeeded(email);
				await guard.failed(email, address());
				expect(await guard.failed(email, address())).toMatchObject({ retryAfterSeconds: 1 });
			});

			it('refuses an address past its ceiling of wrong passwords, for any account', async () => {
				const guard = signInGuard(backend.limiter, policy);
				const shared = address();
				for (let guess = 0; guess < policy.failuresPerAddress; guess++) {
					expect(await guard.failed(uniqueEmail(), shared)).toBeNull();
				}
				expect(await guard.refusal(uniqueEmail(), shared)).toMatchObject({
					reason: 'address',
					retryAfterSeconds: expect.any(Number),
				});
				expect(await guard.refusal(uniqueEmail(), address())).toBeNull();
			});
		});
	});
}
