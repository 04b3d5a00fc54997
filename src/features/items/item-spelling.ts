// The spelling rules of a search, apart from the database, so that \`npm run bench\` can load
// them as they are and time the very statements the server sends.

/**
 * Words this short are searched as typed: one letter changes most of a three-letter word, so
 * any correction would be a guess, and their substring match is broad already.
 */
export const minimumWordLength = 4;
/** How alike a listed word must be to stand in for one more than one edit away (pg_trgm). */
export const minimumSimilarity = 0.4;

/**
 * `like` patterns for the words one edit away from `word`: one letter replaced, added, removed,
 * or two neighbouring letters swapped ("kurzi" → `kur_i`, "meha" → `me_a`, "mjea" → `meja`).
 * Each pattern keeps the word's first or last letters, so the trigram index finds its words
 * without reading the whole dictionary, and `like` keeps only the very words one edit reaches,
 * where a similarity threshold either misses short words (one letter of "meha" changes three of
 * its five trigrams) or lets in words further away. Words are letters and digits, which `like`
 * takes as plain characters; removals that would leave a word shorter than `minimumWordLength`
 * are left out.
 */
export function oneEditPatterns(word: string): string[] {
	const letters = Array.from(word);
	const patterns = new Set<string>();
	for (let index = 0; index <= letters.length; index += 1) {
		const before = letters.slice(0, index).join('');
		patterns.add(`${before}_${letters.slice(index).join('')}`);
		if (index === letters.length) continue;
		const after = letters.slice(index + 1).join('');
		patterns.add(`${before}_${after}`);
		if (letters.length > minimumWordLength) patterns.add(before + after);
		const next = letters[index + 1];
		if (next !== undefined && next !== letters[index]) {
			patterns.add(`${before}${next}${letters[index]}${letters.slice(index + 2).join('')}`);
		}
	}
	return [...patterns];
}
