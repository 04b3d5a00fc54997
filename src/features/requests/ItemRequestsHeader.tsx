import { useTranslation } from 'react-i18next';
import { ItemStatusBadge } from '~/features/items/ItemStatusBadge';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { type RequestedItem, stockFigures } from './item-requests';

/**
 * The item whose requests the page lists: its cover, name, status, and while it is still being
 * given, what is left and how much of it reservations hold.
 */
export function ItemRequestsHeader({ item, locale }: { item: RequestedItem; locale: Locale }) {
	const { t } = useTranslation();
	const beingGiven = item.status === 'AVAILABLE' || item.status === 'RESERVED';
	return (
		<header className="flex items-start gap-4">
			{item.cover ? (
				<img
					src={item.cover.src}
					srcSet={item.cover.srcset}
					sizes="6rem"
					width={item.cover.width}
					height={item.cover.height}
					alt=""
					className="size-20 shrink-0 rounded-box object-cover sm:size-24"
				/>
			) : (
				<span aria-hidden="true" className="size-20 shrink-0 rounded-box bg-base-200 sm:size-24" />
			)}
			<div className="grid min-w-0 gap-2">
				<p className="text-sm font-semibold text-base-content/75">{t('itemRequests.title')}</p>
				<h1 className="text-2xl font-extrabold break-words sm:text-3xl">{item.name}</h1>
				<p className="flex flex-wrap items-center gap-x-3 gap-y-1" data-item-figures="">
					<ItemStatusBadge status={item.status} t={t} />
					{beingGiven && <span>{stockFigures(item, t)}</span>}
				</p>
				<a href={localizePath(`/items/${item.id}`, locale)} className="link text-sm link-primary">
					{t('itemRequests.viewItem')}
				</a>
			</div>
		</header>
	);
}
