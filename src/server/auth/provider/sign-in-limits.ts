import { createHash } from 'node:crypto';
import { signInLimits } from '~/config/limits';
import type { RateLimiter } from '../../rate-limit';
import { normalizeEmail } from './accounts';

export type SignInPolicy = { [Name in keyof typeof signInLimits]: number };

/** Why the provider's form is refused before any password is checked, and for how long. */
export interface SignInRefusal {
	/** `account`: locked after wrong passwords; `address`: too many attempts from one address. */
	reason: 'account' | 'address';
	retryAfterSeconds: number;
}

/** An account's counters are keyed by a digest of its email: no address is stored with them. */
function accountKey(email: string): string {
	return createHash('sha256').update(normalizeEmail(email)).digest('base64url');
}

/**
 * The sign-in and sign-up limits of the built-in provider. Wrong passwords are counted per
 * account and per address; at the account's limit the account is locked, for twice as long as
 * its last lock when that was recent. Sign-ins that work never count, and clear the account's
 * failures.
 */
export function signInGuard(limiter: RateLimiter, policy: SignInPolicy = signInLimits) {
	const keys = {
		failures: (email: string) => `sign-in-failures:account:${accountKey(email)}`,
		lock: (email: string) => `sign-in-lock:account:${accountKey(email)}`,
		locks: (email: string) => `sign-in-locks:account:${accountKey(email)}`,
		address: (address: string) => `sign-in-failures:ip:${address}`,
		signUps: (address: string) => `sign-up:ip:${address}`,
	};

	/** Locks the account, for longer at each lock within the policy's memory. */
	async function lock(email: string): Promise<SignInRefusal> {
		const locks = await limiter.hit(keys.locks(email), {
			limit: Number.POSITIVE_INFINITY,
			windowMs: policy.lockMemoryMs,
		});
		const lockMs = Math.min(policy.lockBaseMs * 2 ** (locks.count - 1), policy.lockMaxMs);
		// A lock is a window of its own length: any count in it means locked.
		await limiter.hit(keys.lock(email), { limit: 0, windowMs: lockMs });
		await limiter.reset(keys.failures(email));
		return { reason: 'account', retryAfterSeconds: Math.ceil(lockMs / 1000) };
	}

	return {
		/**
		 * A reason to refuse signing in to `email` from `address` now, or `null`. A browser the
		 * account signed in on before (`knownDevice`) is not kept out by the account's lock, which
		 * anyone's wrong passwords can start; its address's limit still holds.
		 */
		async refusal(
			email: string,
			address: string,
			{ knownDevice = false }: { knownDevice?: boolean } = {},
		): Promise<SignInRefusal | null> {
			const [locked, fromAddress] = await Promise.all([
				limiter.peek(keys.lock(email)),
				limiter.peek(keys.address(address)),
			]);
			if (locked.count > 0 && !knownDevice) {
				return { reason: 'account', retryAfterSeconds: locked.retryAfterSeconds };
			}
			if (fromAddress.count >= policy.failuresPerAddress) {
				return { reason: 'address', retryAfterSeconds: fromAddress.retryAfterSeconds };
			}
			return null;
		},

		/** Counts a wrong password; returns the lock it started when it was the account's last. */
		async failed(email: string, address: string): Promise<SignInRefusal | null> {
			const rule = { limit: policy.failuresPerAccount, windowMs: policy.windowMs };
			const [failures] = await Promise.all([
				limiter.hit(keys.failures(email), rule),
				limiter.hit(keys.address(address), {
					limit: policy.failuresPerAddress,
					windowMs: policy.windowMs,
				}),
			]);
			// Exactly at the limit: failures that arrive at once start one lock, not several.
			return failures.count === policy.failuresPerAccount ? lock(email) : null;
		},

		/**
		 * A sign-in that worked: the account starts again with a clean record, and a lock the owner
		 * came through (on a browser they signed in on before) ends.
		 */
		async succeeded(email: string): Promise<void> {
			await Promise.all([
				limiter.reset(keys.failures(email)),
				limiter.reset(keys.locks(email)),
				limiter.reset(keys.lock(email)),
			]);
		},

		/** Counts a sign-up from `address`; a refusal once the address has had its share. */
		async signUp(address: string): Promise<SignInRefusal | null> {
			const signUps = await limiter.hit(keys.signUps(address), {
				limit: policy.signUpsPerAddress,
				windowMs: policy.signUpWindowMs,
			});
			return signUps.allowed
				? null
				: { reason: 'address', retryAfterSeconds: signUps.retryAfterSeconds };
		},
	};
}

export type SignInGuard = ReturnType<typeof signInGuard>;
