import { islandResources, islandTexts } from '~/server/i18n';

/** The texts the drive page gives its creator's and moderators' buttons (`DriveActions`). */
export const driveActionsResources = islandTexts('drive-actions', (locale) =>
	islandResources(locale, ['drives']),
);

/** The texts `/drives/new` gives its form (`DriveForm`); `profile` for the district field. */
export const driveFormResources = islandTexts('drive-form', (locale) =>
	islandResources(locale, ['drives', 'item', 'form', 'profile']),
);
