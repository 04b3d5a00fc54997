import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemLimits } from '~/config/limits';
import {
	configuredHumanVerifier,
	simulatedVerifier,
	singleUse,
	turnstileVerifier,
} from '~/features/verification/verification.server';
import success from '~/features/verification/fixtures/turnstile-success.json';
import { databaseRateLimiter } from '~/server/rate-limit';
import {
	createItemFor,
	expectError,
	itemForm,
	jpegFile,
	myItems,
	validFields,
	verificationToken,
} from '../helpers/items';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

const failed = { verificationToken: 'itemForm.verification.failed' };

describeOnDatabases('Human check and daily listings', (use) => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	const donor = () => use().createUser({ complete: true });

	async function post(
		user: TestUser,
		token: string,
		fields: Record<string, string> = {},
		headers: Record<string, string> = {},
	): Promise<Response> {
		return use().request('/items', {
			method: 'POST',
			user,
			headers,
			body: itemForm(validFields(fields), [await jpegFile()], { verificationToken: token }),
		});
	}

	describe('the simulated check', () => {
		it('refuses a token made for another user, which still works for its own', async () => {
			const owner = await donor();
			const other = await donor();
			const token = await verificationToken(use(), owner);
			await expectError(await post(other, token), 400, 'VALIDATION_ERROR', failed);
			expect(await myItems(use(), other)).toEqual([]);
			expect((await post(owner, token)).status).toBe(201);
		});

		it('spends a token on its first use', async () => {
			const user = await donor();
			const token = await verificationToken(use(), user);
			expect((await post(user, token)).status).toBe(201);
			await expectError(await post(user, token), 400, 'VALIDATION_ERROR', failed);
			expect(await myItems(use(), user)).toHaveLength(1);
		});

		it('lets one of two creates sent at once with the same token through', async () => {
			const user = await donor();
			const token = await verificationToken(use(), user);
			const statuses = (await Promise.all([post(user, token), post(user, token)])).map(
				(response) => response.status,
			);
			expect(statuses.sort()).toEqual([201, 400]);
			expect(await myItems(use(), user)).toHaveLength(1);
		});

		it('spends a token for every process on the same database', async () => {
			const user = await donor();
			const token = await verificationToken(use(), user);
			const { db } = use().server;
			const otherProcess = singleUse(await simulatedVerifier(db), databaseRateLimiter(db));
			const caller = { userId: user.id, remoteIp: undefined };
			expect(await otherProcess.verify(token, caller)).toBe(true);
			await expectError(await post(user, token), 400, 'VALIDATION_ERROR', failed);
			expect(await otherProcess.verify(token, caller)).toBe(false);
		});
	});

	it('spends a Turnstile token once, even where siteverify would accept it again', async () => {
		let calls = 0;
		const verifier = singleUse(
			turnstileVerifier({
				siteKey: '1x00000000000000000000AA',
				secretKey: '1x0000000000000000000000000000000AA',
				fetch: (async () => {
					calls += 1;
					return new Response(JSON.stringify(success));
				}) as typeof fetch,
			}),
			databaseRateLimiter(use().server.db),
		);
		const caller = { userId: 'donor', remoteIp: '203.0.113.7' };
		expect(await verifier.verify('XXXX.DUMMY.TOKEN.ONE', caller)).toBe(true);
		expect(await verifier.verify('XXXX.DUMMY.TOKEN.ONE', caller)).toBe(false);
		expect(await verifier.verify('XXXX.DUMMY.TOKEN.TWO', caller)).toBe(true);
		expect(calls).toBe(3);
	});

	describe('the daily limit', () => {
		const perDay = itemLimits.createdPerDay;

		it(`lists ${perDay} items a day per account, then answers 429 naming it and keeps the token`, async () => {
			const user = await donor();
			for (let item = 1; item < perDay; item++) await createItemFor(use(), user);
			// A listing refused for its fields does not count.
			const mistaken = await post(user, await verificationToken(use(), user), { name: 'Ku' });
			await expectError(mistaken, 400, 'VALIDATION_ERROR');
			await createItemFor(use(), user);
			expect(await myItems(use(), user)).toHaveLength(perDay);

			const token = await verificationToken(use(), user);
			const refused = await post(user, token);
			const retryAfter = Number(refused.headers.get('Retry-After'));
			const error = await expectError(refused, 429, 'RATE_LIMITED');
			expect(error.message).toMatch(
				new RegExp(`^Kamu sudah menambahkan ${perDay} barang hari ini.* Coba lagi dalam 2[34] jam`),
			);
			expect(retryAfter).toBeGreaterThan(23 * 3600);
			expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
			expect(await myItems(use(), user)).toHaveLength(perDay);

			const english = await post(user, token, {}, { 'Accept-Language': 'en' });
			expect((await expectError(english, 429, 'RATE_LIMITED')).message).toMatch(
				new RegExp(`^You have added ${perDay} items today.* Try again in 2[34] hours`),
			);
			// Nothing was spent on the refused listings: the token is still good.
			const caller = { userId: user.id, remoteIp: undefined };
			expect(await use().server.humanVerifier.verify(token, caller)).toBe(true);
			// Other donors list as before.
			await createItemFor(use(), await donor());
		});

		it('keeps listings sent at once within the limit', async () => {
			const user = await donor();
			for (let item = 2; item < perDay; item++) await createItemFor(use(), user);
			const tokens = await Promise.all(
				Array.from({ length: 4 }, () => verificationToken(use(), user)),
			);
			const responses = await Promise.all(tokens.map((token) => post(user, token)));
			const statuses = responses.map((response) => response.status).sort();
			expect(statuses).toEqual([201, 201, 429, 429]);
			expect(await myItems(use(), user)).toHaveLength(perDay);
		});
	});

	describe('at start-up', () => {
		const keys = { turnstileSiteKey: undefined, turnstileSecretKey: undefined };

		it('warns when an https site runs the simulated check', async () => {
			const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
			const { db, rateLimiter } = use().server;
			const verifier = await configuredHumanVerifier({
				db,
				rateLimiter,
				publicUrl: 'https://hibahin.example',
				...keys,
			});
			expect(verifier.config).toEqual({ mode: 'simulated' });
			expect(warn).toHaveBeenCalledTimes(1);
			expect(String(warn.mock.calls[0]![0])).toMatch(/TURNSTILE_SITE_KEY.*TURNSTILE_SECRET_KEY/);
		});

		it('stays quiet on plain http and with Turnstile', async () => {
			const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
			const { db, rateLimiter } = use().server;
			await configuredHumanVerifier({
				db,
				rateLimiter,
				publicUrl: 'http://localhost:4321',
				...keys,
			});
			const turnstile = await configuredHumanVerifier({
				db,
				rateLimiter,
				publicUrl: 'https://hibahin.example',
				turnstileSiteKey: '1x00000000000000000000AA',
				turnstileSecretKey: '1x0000000000000000000000000000000AA',
			});
			expect(turnstile.config).toEqual({ mode: 'turnstile', siteKey: '1x00000000000000000000AA' });
			expect(warn).not.toHaveBeenCalled();
		});
	});
});
