import { useTranslation } from 'react-i18next';
import { formatTimeWindow } from '~/lib/format-time';
import { useHydrated } from '~/lib/hydrated';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { pickupGoogleLink } from './pickup';
import type { ItemRequest } from './requests';

interface PickupSummaryProps {
	request: ItemRequest & { pickup: NonNullable<ItemRequest['pickup']> };
	locale: Locale;
	/** Where the request is seen: the receiver's list or the donor's item's requests. */
	path: string;
}

/**
 * The agreed pickup time and place of a reservation, as either side sees it, with links that add
 * it to a calendar: a file for any calendar app, and Google Calendar.
 */
export function PickupSummary({ request, locale, path }: PickupSummaryProps) {
	const { t } = useTranslation();
	// The Google link names the site's address, known once in the browser.
	const hydrated = useHydrated();
	const { pickup } = request;
	const when = formatTimeWindow(pickup.from, pickup.until, locale);
	const link = hydrated ? `${window.location.origin}${localizePath(path, locale)}` : '';
	const google = pickupGoogleLink(request.id, pickup, {
		summary: t('pickup.calendarSummary', { item: request.item.name }),
		description: t('pickup.calendarDescription', { when, link }),
		host: hydrated ? window.location.host : '',
	});
	return (
		<section className="grid gap-1 rounded-field border border-info/40 bg-info/10 px-3 py-2 text-sm">
			<h4 className="font-semibold">{t('pickup.title')}</h4>
			<p>{t('pickup.when', { when })}</p>
			{pickup.place && <p className="break-words">{t('pickup.place', { place: pickup.place })}</p>}
			<p className="flex flex-wrap items-center gap-x-3 gap-y-1">
				<span>{t('pickup.addToCalendar')}</span>
				<a className="link text-primary" href={`/api/requests/${request.id}/pickup.ics`} download>
					{t('pickup.downloadIcs')}
				</a>
				<a className="link text-primary" href={google} target="_blank" rel="noopener noreferrer">
					{t('pickup.google')}
				</a>
			</p>
		</section>
	);
}
