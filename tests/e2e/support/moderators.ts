/**
 * Moderators of the journeys: fixed addresses, listed in MODERATOR_EMAILS by
 * `playwright.config.ts`. A retry signs up again, and the first try's address is taken by then,
 * so each try of a journey has an address of its own.
 */
export type ModeratorJourney = 'money' | 'widths';

/** A first try and CI's one retry. */
const tries = [0, 1];
const languages = ['id', 'en'];

/** The moderator's address for one try (`testInfo.retry`) of a journey in one language. */
export function moderatorEmail(journey: ModeratorJourney, locale: string, retry: number): string {
	return `moderator.${journey}.${locale}.${retry}@example.com`;
}

/** MODERATOR_EMAILS for the journeys a config runs: every language and try. */
export function moderatorEmails(journeys: ModeratorJourney[]): string {
	return journeys
		.flatMap((journey) =>
			languages.flatMap((locale) => tries.map((retry) => moderatorEmail(journey, locale, retry))),
		)
		.join(',');
}
