import type { Locale } from '~/lib/i18n/locales';

/** How long a deleted account can still be restored by signing in again. */
export const deletionGraceMs = 7 * 24 * 60 * 60_000;

/** The word a person types to confirm deleting their account, in the page's language. */
export const deletionWords: Record<Locale, string> = { id: 'HAPUS', en: 'DELETE' };

/** Whether `typed` is the confirmation word of any language (trimmed, any case). */
export function confirmsDeletion(typed: unknown): boolean {
	if (typeof typed !== 'string') return false;
	const word = typed.trim().toUpperCase();
	return Object.values(deletionWords).includes(word);
}

/** Whether a person shows in the heroes rankings, and since when they do not. */
export interface RankingsChoice {
	ranked: boolean;
	leftRankingsAt: string | null;
}
