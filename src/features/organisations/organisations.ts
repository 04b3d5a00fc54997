/**
 * Organisations (docs/product-rules.md#organisations): what a person registers for the
 * organisation they represent, checked the same way in the browser and by the API, and the shapes
 * pages and other features read. Safe in the browser.
 */

import { z } from 'zod/mini';
import { organisationLimits } from '~/config/limits';
import { requiredText, storableText } from '~/lib/text-fields';

/** The kinds of organisation, as `organisations.kind` stores them. */
export const organisationKinds = [
	'orphanage',
	'school',
	'worship',
	'wasteBank',
	'disasterPost',
	'community',
	'other',
] as const;
export type OrganisationKind = (typeof organisationKinds)[number];

/** Where an organisation stands: waiting for a moderator, verified, or refused with a note. */
export const organisationStates = ['pending', 'verified', 'refused'] as const;
export type OrganisationState = (typeof organisationStates)[number];

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

/** What other features show of an organisation: its name and kind, and whether it is verified. */
export interface OrganisationSummary {
	id: number;
	name: string;
	kind: OrganisationKind;
	verified: boolean;
}

/** An organisation as its owner and the moderators see it. */
export interface Organisation extends OrganisationSummary {
	ownerId: string;
	state: OrganisationState;
	address: string;
	district: { code: string; name: string };
	contactName: string;
	/** Whether its document photo is still kept (it goes 30 days after the decision). */
	hasDocument: boolean;
	decisionNote: string | null;
	decidedAt: string | null;
	createdAt: string;
}

/** Changes that send a verified organisation back to the moderators. */
export const reviewedFields = ['name', 'kind', 'address', 'district'] as const;

/** The API's path of an organisation's document photo. */
export function documentPath(organisationId: number): string {
	return `/api/organisations/${organisationId}/document`;
}
