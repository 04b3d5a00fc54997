import { describe, expect, it } from 'vitest';
import { minimumWordLength, oneEditPatterns } from './item-spelling';

/** Whether `word` matches a `like` pattern whose only wildcard is `_`. */
function likeMatches(word: string, pattern: string): boolean {
	const letters = Array.from(word);
	const wanted = Array.from(pattern);
	return (
		letters.length === wanted.length &&
		wanted.every((char, index) => char === '_' || char === letters[index])
	);
}

/**
 * Edits from `a` to `b`: letters replaced, added or removed, and neighbours swapped (the optimal
 * string alignment distance), written out as the textbook table.
 */
function editDistance(a: string, b: string): number {
	const x = Array.from(a);
	const y = Array.from(b);
	const d = Array.from({ length: x.length + 1 }, (_, i) =>
		Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
	);
	for (let i = 1; i <= x.length; i += 1) {
		for (let j = 1; j <= y.length; j += 1) {
			const cost = x[i - 1] === y[j - 1] ? 0 : 1;
			d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
				d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
			}
		}
	}
	return d[x.length]![y.length]!;
}

/** Every word over `alphabet` of `length` letters. */
function allWords(alphabet: string, length: number): string[] {
	if (length === 0) return [''];
	return allWords(alphabet, length - 1).flatMap((word) =>
		Array.from(alphabet, (letter) => word + letter),
	);
}

describe('oneEditPatterns', () => {
	it('reaches the words one letter away, by a letter replaced, added, removed or swapped', () => {
		const reached = (typed: string, listed: string) =>
			oneEditPatterns(typed).some((pattern) => likeMatches(listed, pattern));
		expect(reached('kurzi', 'kursi')).toBe(true);
		expect(reached('meha', 'meja')).toBe(true);
		expect(reached('sepeds', 'sepeda')).toBe(true);
		expect(reached('bukk', 'buku')).toBe(true);
		expect(reached('krsi', 'kursi')).toBe(true);
		expect(reached('kursii', 'kursi')).toBe(true);
		expect(reached('mjea', 'meja')).toBe(true);
		expect(reached('meha', 'mega')).toBe(true);
		expect(reached('meha', 'mewah')).toBe(false);
		expect(reached('kurzi', 'kasur')).toBe(false);
		expect(reached('bukk', 'baju')).toBe(false);
	});

	it('matches exactly the words within one edit, none shorter than four letters', () => {
		for (const [alphabet, length] of [
			['abc', 4],
			['ab', 5],
		] as const) {
			const listed = [length - 1, length, length + 1].flatMap((n) => allWords(alphabet, n));
			for (const typed of allWords(alphabet, length)) {
				const patterns = oneEditPatterns(typed);
				const byPattern = listed.filter((word) =>
					patterns.some((pattern) => likeMatches(word, pattern)),
				);
				const byDistance = listed.filter(
					(word) => Array.from(word).length >= minimumWordLength && editDistance(typed, word) <= 1,
				);
				expect(byPattern, typed).toEqual(byDistance);
			}
		}
	});

	it('counts letters, not UTF-16 units', () => {
		expect(oneEditPatterns('café')).toContain('caf_');
		expect(oneEditPatterns('𝒌ursi')).toContain('_ursi');
	});

	it('keeps every pattern a plain word with single-letter wildcards', () => {
		const patterns = oneEditPatterns('sepeda');
		expect(new Set(patterns).size).toBe(patterns.length);
		expect(patterns.every((pattern) => /^[a-z_]+$/.test(pattern))).toBe(true);
		expect(patterns.some((pattern) => pattern.includes('%'))).toBe(false);
	});
});
