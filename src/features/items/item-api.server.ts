import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { itemLimits } from '~/config/limits';
import { itemPickupSchema } from '~/features/places/places.routes';
import { AppError } from '~/server/http/errors';
import { checkedBody, dataResponse, refuseInput } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { itemEditSchema, itemInputSchema } from './item-schemas';
import { categories, itemConditions, itemStatuses, itemVisibilities } from './items';

// What the item API takes and answers, as its routes declare it in the OpenAPI document, and the
// reading of its multipart forms, which the document describes but the handlers parse themselves.

/** One stored photo: `src` is the largest WebP, `srcset` lists every width. */
export const itemPhotoSchema = z.object({
	src: z.string().openapi({ description: 'The largest WebP' }),
	srcset: z.string(),
	width: z.int(),
	height: z.int(),
});

/** An item as the API answers it; `Item` in `items.ts` is its type. */
export const itemSchema = z
	.object({
		id: z.int(),
		name: z.string(),
		description: z.string(),
		category: z.enum(categories),
		condition: z
			.enum(itemConditions)
			.nullable()
			.openapi({ description: 'Null for items listed before the condition was asked' }),
		weight: z.number().openapi({ description: 'kg' }),
		length: z.number().openapi({ description: 'cm' }),
		width: z.number().openapi({ description: 'cm' }),
		height: z.number().openapi({ description: 'cm' }),
		quantity: z.int().openapi({ description: 'What is left to give' }),
		reservedQuantity: z.int().openapi({ description: 'Of `quantity`, what reservations hold' }),
		status: z.enum(itemStatuses),
		visibility: z.enum(itemVisibilities).openapi({
			description:
				'Out of lists and search while under review, hidden by a moderator, or stale: its donor did not say it is still available',
		}),
		askedStillAvailable: z.boolean().openapi({
			description: 'Its donor was asked whether it is still available and has not answered yet',
		}),
		chooseAfterHours: z.int().nullable().openapi({
			description:
				'Null when the donor reserves for the first who asks; else the hours requests gather before they choose',
		}),
		chooseAt: z.iso.datetime().nullable().openapi({
			description: 'When the donor may choose among the requests; none may be reserved before',
		}),
		donatedAt: z.iso.datetime().nullable(),
		createdAt: z.iso.datetime(),
		updatedAt: z.iso.datetime(),
		images: z.array(z.string()).openapi({ description: 'Photo URLs, cover first' }),
		photos: z.array(itemPhotoSchema),
		donorId: z.string(),
		donor: z.object({
			id: z.string(),
			name: z.string(),
			avatar: z.string().nullable(),
			areaName: z.string().nullable(),
			hasPhone: z.boolean(),
			phone: z.string().optional().openapi({
				description:
					'Only to signed-in viewers with a complete profile, within their limit of revealed phones',
			}),
		}),
		pickup: itemPickupSchema
			.nullable()
			.openapi({ description: 'Null only when the donor had no district of the official list' }),
		requestCounts: z
			.object({ open: z.int(), new: z.int() })
			.optional()
			.openapi({ description: 'On the donor’s own list: requests in progress, and unseen ones' }),
	})
	.openapi('Item');

/** A page of items with the facts that place it among the others. */
export const itemListSchema = z.object({
	items: z.array(itemSchema),
	meta: z.object({
		page: z.int(),
		limit: z.int(),
		total: z.int(),
		totalPages: z.int(),
		hasPrevPage: z.boolean(),
		hasNextPage: z.boolean(),
	}),
});

/** An item's id in a path; one that cannot be an item's is answered as a missing item. */
export const itemIdParams = z.object({ id: z.coerce.number().int().min(1) });

/** A polled answer: the data with its `ETag`, or nothing new since the caller's copy. */
export const polled = <T extends z.ZodType>(description: string, data: T) => ({
	200: {
		...dataResponse(description, data),
		headers: {
			ETag: { description: 'Of the answer’s bytes', schema: { type: 'string' as const } },
		},
	},
	304: { description: 'Unchanged since the `ETag` sent in `If-None-Match`' },
});

/** An id that cannot be an item's names no item. */
export const missingItem = refuseInput(() => new AppError('NOT_FOUND'));

/** How a change to one's own item fails. */
export const ownItemErrors = [
	'UNAUTHORIZED',
	'FORBIDDEN',
	'NOT_FOUND',
	'ITEM_NOT_EDITABLE',
	'RATE_LIMITED',
] as const;

const photos = (description: string) => ({
	type: 'array',
	items: { type: 'string', contentMediaType: 'image/*' },
	maxItems: itemLimits.imagesMax,
	description: `${description}: JPEG, PNG or WebP, at most 5 MB and under 40 megapixels each`,
});

/** `POST /items`: the form's fields, the photos and the human verification's token. */
export const newItemForm = checkedBody('multipart/form-data', itemInputSchema, {
	properties: {
		files: { ...photos(`${itemLimits.imagesMin} to ${itemLimits.imagesMax} photos`), minItems: 1 },
		verificationToken: { type: 'string', description: 'The human verification’s token' },
	},
	required: ['files', 'verificationToken'],
});

/** `PUT /items/{id}`: the form's fields, new photos and the ones to remove. */
export const changedItemForm = checkedBody('multipart/form-data', itemEditSchema, {
	properties: {
		files: photos(
			`New photos; with the ones kept, ${itemLimits.imagesMin} to ${itemLimits.imagesMax}`,
		),
		deletedImages: { type: 'string', description: 'A JSON list of the photo URLs to remove' },
	},
});

const itemFields = Object.keys(itemInputSchema.shape);

/** The multipart form of create and update: text fields, photos, removed photo URLs. */
export async function readItemForm(c: Context<AppEnv>) {
	const form = await c.req.parseBody({ all: true }).catch(() => {
		throw new AppError('VALIDATION_ERROR');
	});
	const fields = Object.fromEntries(
		itemFields.filter((name) => typeof form[name] === 'string').map((name) => [name, form[name]]),
	);
	// A file input left empty still sends a part, with no file name and no bytes: no photo.
	const files = [form['files'] ?? []]
		.flat()
		.filter(
			(entry): entry is File => entry instanceof File && (entry.size > 0 || entry.name !== ''),
		);
	const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
	return {
		fields,
		files,
		deletedImages: text('deletedImages'),
		verificationToken: text('verificationToken'),
	};
}
