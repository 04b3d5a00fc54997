/** What a drive's page says of it beyond its body: the link preview's title and description. */
import type { TFunction } from 'i18next';
import type { Drive } from './drives';

/** The longest description a link preview shows whole. */
const descriptionMax = 200;

/** The page's title and its meta description (`og:title`, `og:description`). */
export function drivePageMeta(drive: Drive, t: TFunction): { title: string; description: string } {
	const description = t('drives.metaDescription', {
		title: drive.title,
		place: `${drive.district.name}, ${drive.district.regencyName}`,
		count: drive.needs.length,
	});
	return {
		title: drive.title,
		description:
			description.length > descriptionMax
				? `${description.slice(0, descriptionMax - 1).trimEnd()}…`
				: description,
	};
}
