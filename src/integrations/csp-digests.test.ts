import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { digestsKept, memoisedDigest, scriptHash } from '~/lib/content-security';
import { memoiseCspDigests } from './csp-digests';

const sha256 = (text: string) => scriptHash(text);

describe('CSP hashes computed once per text', () => {
	it('hashes a text once per algorithm and answers the same hash after', async () => {
		const digest = vi.fn(async (text: string, _algorithm: string) => sha256(text));
		const memoised = memoisedDigest(digest);
		const style = 'body{margin:0}';
		const first = await memoised(style, 'SHA-256');
		for (let render = 0; render < 5; render++) {
			expect(await memoised(style, 'SHA-256')).toBe(first);
		}
		expect(first).toBe(await scriptHash(style));
		expect(digest).toHaveBeenCalledTimes(1);
		await memoised(style, 'SHA-512');
		await memoised(`${style} `, 'SHA-256');
		expect(digest).toHaveBeenCalledTimes(3);
	});

	it('a text that differs by one character gets its own hash', async () => {
		const memoised = memoisedDigest(async (text: string, _algorithm: string) => sha256(text));
		const [a, b] = await Promise.all([memoised('a()', 'SHA-256'), memoised('b()', 'SHA-256')]);
		expect(a).not.toBe(b);
		expect(b).toBe(await scriptHash('b()'));
	});

	it('does not keep a failed digest, and keeps at most its limit of texts', async () => {
		let fail = true;
		const digest = vi.fn(async (text: string, _algorithm: string) => {
			if (fail) throw new Error('no crypto');
			return sha256(text);
		});
		const memoised = memoisedDigest(digest);
		await expect(memoised('x', 'SHA-256')).rejects.toThrow('no crypto');
		fail = false;
		expect(await memoised('x', 'SHA-256')).toBe(await scriptHash('x'));
		for (let i = 0; i <= digestsKept; i++) await memoised(`text ${i}`, 'SHA-256');
		digest.mockClear();
		// The first text was forgotten once the limit was passed; the newest is still kept.
		await memoised('x', 'SHA-256');
		await memoised(`text ${digestsKept}`, 'SHA-256');
		expect(digest).toHaveBeenCalledTimes(1);
	});
});

describe("Astro's digest made once per text", () => {
	const astroModule = new URL('../../node_modules/astro/dist/core/encryption.js', import.meta.url);

	it("rewrites Astro's own module so its exported digest is the memoised one", () => {
		const code = memoiseCspDigests(readFileSync(astroModule, 'utf8'));
		expect(code).toContain('async function generateCspDigestAfresh(');
		expect(code).toContain('const generateCspDigest = __memoisedDigest(generateCspDigestAfresh);');
		expect(code.match(/function generateCspDigest\(/g)).toBeNull();
	});

	it('fails loudly when the function it memoises is gone', () => {
		expect(() => memoiseCspDigests('export async function digest() {}')).toThrow(
			/no longer in Astro's encryption module/,
		);
	});
});
