import { useTranslation } from 'react-i18next';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { MyItemCard } from './my-items';

interface RequestCountsLinkProps {
	item: MyItemCard;
	locale: Locale;
	/** Filled, as the card's main action. */
	primary: boolean;
}

/**
 * A My items card's way to the item's requests: how many are in progress and, marked, how many
 * the donor has not seen yet. Needs `itemRequests.summary`.
 */
export function RequestCountsLink({ item, locale, primary }: RequestCountsLinkProps) {
	const { t } = useTranslation();
	const { open, new: unseen } = item.requestCounts;
	const count =
		open > 0 ? t('itemRequests.summary.count', { count: open }) : t('itemRequests.summary.see');
	const news = unseen > 0 ? t('itemRequests.summary.new', { count: unseen }) : null;
	return (
		<a
			href={localizePath(`/my-items/${item.id}/requests`, locale)}
			className={`btn btn-sm ${primary ? 'btn-primary' : 'btn-ghost'}`}
			data-request-counts=""
		>
			{count}
			{news && (
				<>
					{' '}
					<span className="badge badge-sm badge-accent">{news}</span>
				</>
			)}
		</a>
	);
}
