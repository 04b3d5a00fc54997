/**
 * The identity verification preview (docs/product-rules.md#identity-verification): the picked document photo is checked
 * in the browser, nothing is uploaded and nothing is stored.
 */
import { identityCheck, imageMimeTypes } from '~/config/limits';

export interface IdentityDocument {
	type: string;
	size: number;
	/** Pixels, once decoded; absent when the file was refused before decoding. */
	width?: number;
	height?: number;
}

/** Why a document photo failed, or `verified`. */
export type IdentityOutcome = 'verified' | 'invalidType' | 'tooLarge' | 'tooSmall';

/**
 * Whether a document photo is usable: JPEG, PNG or WebP, at most 5 MB, and at least 600×400
 * pixels in either orientation, since phone photos of a card are often taken upright.
 */
export function checkIdentityDocument(document: IdentityDocument): IdentityOutcome {
	if (!(imageMimeTypes as readonly string[]).includes(document.type)) return 'invalidType';
	if (document.size > identityCheck.maxBytes) return 'tooLarge';
	const { width = 0, height = 0 } = document;
	const long = Math.max(width, height);
	const short = Math.min(width, height);
	if (long < identityCheck.minWidth || short < identityCheck.minHeight) return 'tooSmall';
	return 'verified';
}

/** What the card reports: a rule's outcome, or a file the browser could not decode. */
export type IdentityFileOutcome = IdentityOutcome | 'unreadable';

/** Checks a picked file in the browser, decoding it only once its type and size pass. */
export async function inspectIdentityFile(file: File): Promise<IdentityFileOutcome> {
	const { type, size } = file;
	const early = checkIdentityDocument({ type, size });
	// Without dimensions the rule can only say "too small"; anything else is final already.
	if (early !== 'tooSmall') return early;
	try {
		const bitmap = await createImageBitmap(file);
		const { width, height } = bitmap;
		bitmap.close();
		return checkIdentityDocument({ type, size, width, height });
	} catch {
		return 'unreadable';
	}
}
