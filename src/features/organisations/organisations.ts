/**
 * Organisations (docs/product-rules.md#organisations): the registration form's and the
 * moderator's decision's schemas, checked by the API, with the kinds and shapes of
 * `organisation-kinds.ts`. The islands leave the checks to the API, which names each wrong field,
 * so the pages' shared limits stay as they were.
 */

import { z } from 'zod/mini';
import { organisationLimits } from '~/config/limits';
import { requiredText, storableText } from '~/lib/text-fields';
import { organisationKinds } from './organisation-kinds';

/** A document photo as the form sends it: a data URL of a JPEG, PNG or WebP file. */
export const documentDataUrlPattern = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=\s]+$/;

const districtCodePattern = /^\d{2}\.\d{2}\.\d{2}$/;

/**
 * The registration form, for `POST /organisations` and `PUT /organisations/mine`: name, kind,
 * address, district, contact person, and the document photo (required when none is kept).
 */
export const organisationInputSchema = z.object({
	name: requiredText(
		'name',
		organisationLimits.nameMin,
		organisationLimits.nameMax,
		'organisations',
	),
	kind: z.enum(organisationKinds, 'organisations.errors.kindInvalid'),
	address: requiredText(
		'address',
		organisationLimits.addressMin,
		organisationLimits.addressMax,
		'organisations',
	),
	district: z
		.string('organisations.errors.districtRequired')
		.check(
			z.trim(),
			z.minLength(1, 'organisations.errors.districtRequired'),
			z.regex(districtCodePattern, 'organisations.errors.districtUnknown'),
		),
	contactName: requiredText(
		'contactName',
		organisationLimits.contactNameMin,
		organisationLimits.contactNameMax,
		'organisations',
	),
	document: z.optional(
		z.nullable(
			z
				.string('organisations.errors.documentInvalid')
				.check(
					storableText,
					z.regex(documentDataUrlPattern, 'organisations.errors.documentInvalid'),
				),
		),
	),
});

export type OrganisationInput = z.input<typeof organisationInputSchema>;
export type ValidOrganisation = z.output<typeof organisationInputSchema>;

/** A moderator's decision on a pending organisation: verify it, or refuse it with a note. */
export const organisationDecisionSchema = z
	.object({
		decision: z.enum(['verify', 'refuse'], 'organisations.errors.decisionInvalid'),
		note: z.optional(
			z.nullable(
				z
					.string('organisations.errors.noteRequired')
					.check(
						z.trim(),
						storableText,
						z.maxLength(organisationLimits.decisionNoteMax, 'organisations.errors.noteMax'),
					),
			),
		),
	})
	.check(
		z.refine((input) => input.decision === 'verify' || Boolean(input.note), {
			message: 'organisations.errors.noteRequired',
			path: ['note'],
		}),
	);

export type OrganisationDecision = z.output<typeof organisationDecisionSchema>;

export * from './organisation-kinds';
