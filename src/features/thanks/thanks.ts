/**
 * Thank-yous (docs/product-rules.md#thank-yous): the receiver of a confirmed giving thanks its
 * donor in a few words, maybe with one photo. Safe in the browser.
 */

import { z } from 'zod/mini';
import { thanksLimits } from '~/config/limits';
import { storableText } from '~/lib/text-fields';

/** A photo as the dialog sends it: a data URL of a JPEG, PNG or WebP file. */
export const photoDataUrlPattern = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=\s]+$/;

/**
 * The thank-you dialog, checked the same way in the browser and by
 * `POST /requests/{id}/thanks`: a message of 1 to 280 characters and an optional photo.
 */
export const thanksInputSchema = z.object({
	message: z
		.string('thanks.errors.messageRequired')
		.check(
			z.trim(),
			storableText,
			z.minLength(1, 'thanks.errors.messageRequired'),
			z.maxLength(thanksLimits.messageMax, 'thanks.errors.messageMax'),
		),
	photo: z.optional(
		z.nullable(
			z
				.string('thanks.errors.photoInvalid')
				.check(z.regex(photoDataUrlPattern, 'thanks.errors.photoInvalid')),
		),
	),
});

export type ThanksInput = z.input<typeof thanksInputSchema>;
export type ValidThanks = z.output<typeof thanksInputSchema>;

/** A thank-you as profiles and item pages show it. */
export interface ThankYou {
	id: number;
	message: string;
	createdAt: string;
	photo: { src: string; width: number; height: number } | null;
	item: { id: number; name: string };
	receiver: { id: string; name: string; avatar: string | null };
}

/** The receiver's own thank-you of one of their givings, for their requests list. */
export interface SentThanks {
	id: number;
	requestId: number;
}
