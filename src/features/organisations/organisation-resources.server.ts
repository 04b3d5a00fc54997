import type { IslandResources } from '~/lib/i18n/island';
import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts `/organisation` gives its form (`OrganisationForm`): `profile`'s for the district,
 * `form`'s for a text no field can store.
 */
export const organisationFormResources = islandTexts('organisation-form', (locale) => {
	const { profile, form, ...namespaces } = islandResources(locale, [
		'organisations',
		'profile',
		'form',
		'common',
	]);
	return {
		...namespaces,
		profile: { fields: profile.fields },
		form: { errors: form.errors },
	} as IslandResources;
});

/** The texts the moderation desk gives each organisation's decision (`OrganisationDecision`). */
export const organisationDecisionResources = islandTexts('organisation-decision', (locale) => {
	const { organisations, common } = islandResources(locale, ['organisations', 'common']);
	return {
		organisations: { desk: organisations.desk, errors: organisations.errors },
		common: { error: common.error },
	} as IslandResources;
});
