/**
 * The text fields of the forms, checked the same way in the browser and by the API. PostgreSQL
 * refuses the NUL character (U+0000) in any text, so every text refuses it first, as invalid
 * input, long before the database would fail on it.
 */
import { z } from 'zod/mini';

/** The message of a text with a character that no text can store. */
export const invalidCharacterMessage = 'form.errors.invalidCharacter';

/** The message of a value sent where a text belongs. */
export const notTextMessage = 'form.errors.notText';

/** Whether `value` can be stored as text. */
export function isStorableText(value: string): boolean {
	return !value.includes('\u0000');
}

/** The check every text field makes, right after trimming. */
export const storableText = z.refine<string>(isStorableText, invalidCharacterMessage);

/**
 * A required text, trimmed, of `min` to `max` characters, with the message keys
 * `<namespace>.errors.<field>Required`, `…Min` and `…Max` (namespace `form` unless given).
 */
export function requiredText(field: string, min: number, max: number, namespace = 'form') {
	const key = `${namespace}.errors.${field}`;
	return z
		.string(`${key}Required`)
		.check(
			z.trim(),
			storableText,
			z.minLength(1, `${key}Required`),
			z.minLength(min, `${key}Min`),
			z.maxLength(max, `${key}Max`),
		);
}

/** A text that may be left out or cleared (`null`), trimmed, of at most `max` characters. */
export function optionalText(field: string, max: number) {
	return z.optional(
		z.nullable(
			z
				.string(notTextMessage)
				.check(z.trim(), storableText, z.maxLength(max, `form.errors.${field}Max`)),
		),
	);
}
