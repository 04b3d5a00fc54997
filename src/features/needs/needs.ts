/**
 * Needs, the wanted posts "Butuh" (docs/product-rules.md#needs): what a person or their verified
 * organisation needs, and the donors' offers that answer it. Safe in the browser.
 */

import { z } from 'zod/mini';
import { needLimits } from '~/config/limits';
import { requiredText, storableText } from '~/lib/text-fields';
import { categories } from '~/features/items/items';

/** `pickup`: the person comes to collect; `delivery`: they ask for it to be brought or sent. */
export const needReaches = ['pickup', 'delivery'] as const;
export type NeedReach = (typeof needReaches)[number];

export const needUrgencies = ['normal', 'urgent'] as const;
export type NeedUrgency = (typeof needUrgencies)[number];

/** `open`, `fulfilled` by its owner, or `closed` by its owner or by time. */
export const needStates = ['open', 'fulfilled', 'closed'] as const;
export type NeedState = (typeof needStates)[number];

export const offerStates = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferState = (typeof offerStates)[number];

/** A photo as the form sends it: a data URL of a JPEG, PNG or WebP file. */
const photoDataUrlPattern = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** A district code of the official list, dots included ("32.73.14"). */
const districtCodePattern = /^\d{2}\.\d{2}\.\d{2}$/;

const choice = <T extends readonly [string, ...string[]]>(values: T, key: string) =>
	z.enum(values, { error: () => key });

/**
 * The need form, checked the same way in the browser and by `POST /needs` and `PUT /needs/{id}`.
 * The quantity's upper limit depends on who posts (a verified organisation may ask for more), so
 * the server checks it; `photo` left out keeps the saved one, `null` removes it.
 */
export const needInputSchema = z.object({
	title: requiredText('title', needLimits.titleMin, needLimits.titleMax, 'needs'),
	description: requiredText(
		'description',
		needLimits.descriptionMin,
		needLimits.descriptionMax,
		'needs',
	),
	category: choice(categories, 'needs.errors.categoryInvalid'),
	quantity: z.coerce
		.number('needs.errors.quantityRequired')
		.check(
			z.int('needs.errors.quantityInteger'),
			z.minimum(needLimits.quantityMin, 'needs.errors.quantityMin'),
		),
	reach: choice(needReaches, 'needs.errors.reachInvalid'),
	urgency: z._default(choice(needUrgencies, 'needs.errors.urgencyInvalid'), 'normal'),
	/** The district's code; left out, the owner's profile district (or, editing, the saved one). */
	district: z.optional(
		z
			.string('needs.errors.districtInvalid')
			.check(z.regex(districtCodePattern, 'needs.errors.districtInvalid')),
	),
	/** Posted for the owner's verified organisation. */
	forOrganisation: z.optional(z.boolean('needs.errors.organisationInvalid')),
	photo: z.optional(
		z.nullable(
			z
				.string('needs.errors.photoInvalid')
				.check(z.regex(photoDataUrlPattern, 'needs.errors.photoInvalid')),
		),
	),
});
export type NeedInput = z.input<typeof needInputSchema>;
export type ValidNeed = z.output<typeof needInputSchema>;

/** Closing a need: `fulfilled` when it was answered, `closed` when no longer needed. */
export const needCloseSchema = z.object({
	state: z.enum(['fulfilled', 'closed'], { error: () => 'needs.errors.closeStateInvalid' }),
});

/** A donor's offer: one of their available listings, how many of it, and a short note. */
export const offerInputSchema = z.object({
	itemId: z.coerce.number('needs.errors.itemRequired').check(z.int('needs.errors.itemRequired')),
	quantity: z.coerce
		.number('needs.errors.quantityRequired')
		.check(z.int('needs.errors.quantityInteger'), z.minimum(1, 'needs.errors.quantityMin')),
	message: z.optional(
		z.nullable(
			z
				.string('needs.errors.messageMax')
				.check(
					z.trim(),
					storableText,
					z.maxLength(needLimits.offerMessageMax, 'needs.errors.messageMax'),
				),
		),
	),
});
export type OfferInput = z.input<typeof offerInputSchema>;

/** The person behind a need or an offer, as the page shows them; never a phone. */
export interface NeedPerson {
	id: string;
	name: string;
	avatar: string | null;
}

/** A need as its page and its owner's list show it. */
export interface Need {
	id: number;
	title: string;
	description: string;
	category: (typeof categories)[number];
	quantity: number;
	reach: NeedReach;
	urgency: NeedUrgency;
	area: { districtCode: string; districtName: string; regencyName: string; provinceName: string };
	photo: { src: string; width: number; height: number } | null;
	state: NeedState;
	hidden: boolean;
	asksForMoney: boolean;
	createdAt: string;
	closesAt: string;
	owner: NeedPerson;
	/** Shown only while the organisation is verified. */
	organisation: { id: number; name: string; verified: true } | null;
	/** Givings that answer it, confirmed by their receiver. */
	answered: number;
}

/** An offer as the need's owner (all of them) or its donor (their own) sees it. */
export interface NeedOffer {
	id: number;
	needId: number;
	state: OfferState;
	quantity: number;
	message: string | null;
	createdAt: string;
	item: { id: number; name: string; cover: string | null };
	donor: NeedPerson;
	/** Whether the viewer blocked the offer's donor: the owner's block button starts from it. */
	donorBlocked: boolean;
	/** The request accepting made, for its owner and its donor. */
	requestId: number | null;
}

/** A donor's listing they may offer: available, theirs, with what is left of it. */
export interface OfferableItem {
	id: number;
	name: string;
	left: number;
}
