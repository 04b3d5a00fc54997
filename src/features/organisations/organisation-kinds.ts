/**
 * The kinds, states and shapes of organisations (docs/product-rules.md#organisations), for pages,
 * islands and other features. Safe in the browser, and light: no schema, no limits.
 */

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
