import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourierMode } from '~/features/shipping/shipping';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { islandRoot } from '~/lib/island-root';
import { localizePath } from '~/lib/i18n/locales';
import { type Item, isAvailable } from '~/features/items/items';
import { ItemStatusBadge } from '~/features/items/ItemStatusBadge';
import {
	askableQuantity,
	type DonorMessages,
	type ItemViewer,
	isOwnItem,
	showsPickupPanel,
} from './contact';
import { type CityPageLink, ItemFacts } from './ItemFacts';
import { ItemGallery } from './ItemGallery';
import { PickupPanel } from './PickupPanel';
import { useItem } from './use-item';
import { useViewerRequest } from './use-viewer-request';
import { OwnerPanel, YourRequest } from './rare-parts';

export interface ItemDetailProps extends IslandI18nProps {
	/** The item as the server rendered it; kept current by polling. */
	item: Item;
	viewer: ItemViewer;
	/** This page's path in the viewer's language (`/en/items/42`). */
	itemPath: string;
	/** This page's absolute URL. */
	itemUrl: string;
	/** How courier delivery runs on this site (decision 024). */
	courierMode: CourierMode;
	/** The page of the item's pickup city, when that city has available items (decision 026). */
	cityPage: CityPageLink | null;
	/** The WhatsApp message templates in the donor's language, when it is not the page's. */
	donorMessages: DonorMessages | null;
	/** How soon the donor usually answers a request, as read, when they answered enough lately. */
	donorAnswers?: string | null;
}

/**
 * The item detail page's island: gallery, name and availability, the donor, and the panel
 * that fits the viewer (pickup for others while the item takes requests, status toggle and a
 * link to the requests for the donor), with the viewer's own request for it. Needs the `item`,
 * `itemDetail`, `myRequests`, `requests` and `common` namespaces, `auth.loginRequired`,
 * `profile.completeProfileFirst`, for the donor `itemRequests.summary.see`, and for courier
 * delivery the `shipping` namespace and `profile.fields`.
 */
export const ItemDetail = islandRoot(function ItemDetail({
	locale,
	viewer,
	itemPath,
	itemUrl,
	courierMode,
	cityPage,
	donorMessages,
	donorAnswers,
	...props
}: ItemDetailProps) {
	const { t } = useTranslation();
	const { item, gone, refreshing, refetch, replace } = useItem(props.item);
	const own = isOwnItem(viewer, item);
	const viewerRequest = useViewerRequest(item, viewer.signedIn && !own);
	const requestStatus = useRef<HTMLDivElement>(null);

	if (gone) {
		return (
			<div className="mx-auto grid max-w-xl gap-4 py-10 text-center">
				<p role="alert" className="alert alert-error">
					{t('common.error')}
				</p>
				<a href={localizePath('/items', locale)} className="btn btn-primary">
					{t('itemDetail.browseItems')}
				</a>
			</div>
		);
	}

	const onStatusChanged = async (updated: Item) => {
		replace(updated);
		await refetch();
	};

	return (
		<div className="grid items-start gap-8 lg:grid-cols-2">
			<ItemGallery photos={item.photos} name={item.name} t={t} />
			<div className="grid gap-6">
				<header className="grid gap-3">
					<h1 className="text-3xl font-extrabold break-words sm:text-4xl">{item.name}</h1>
					<div className="flex flex-wrap items-center gap-x-4 gap-y-2">
						<ItemStatusBadge status={item.status} t={t} />
						{isAvailable(item) && (
							<span className="text-base-content/75">
								{t('item.quantityAvailable', { count: askableQuantity(item) })}
							</span>
						)}
					</div>
					{/* The avatar stays outside the link, so the link's text is the donor's name alone. */}
					<p className="flex items-center gap-2">
						<span className="text-base-content/75">{t('itemDetail.donor')}:</span>
						{item.donor.avatar ? (
							<img
								src={item.donor.avatar}
								alt=""
								width={32}
								height={32}
								className="size-8 rounded-full object-cover"
							/>
						) : (
							<span
								aria-hidden="true"
								className="grid size-8 place-items-center rounded-full bg-primary/15 font-semibold text-primary"
							>
								{item.donor.name.slice(0, 1).toUpperCase()}
							</span>
						)}
						<a
							href={localizePath(`/profile/${item.donorId}`, locale)}
							className="link font-semibold text-primary"
						>
							{item.donor.name}
						</a>
					</p>
					{donorAnswers && <p className="text-sm text-base-content/75">{donorAnswers}</p>}
				</header>

				{own ? (
					<Suspense>
						<OwnerPanel
							item={item}
							refreshing={refreshing}
							onStatusChanged={onStatusChanged}
							locale={locale}
							t={t}
						/>
					</Suspense>
				) : showsPickupPanel(viewer, item) ? (
					<PickupPanel
						item={item}
						viewer={viewer}
						viewerRequest={viewerRequest}
						locale={locale}
						itemPath={itemPath}
						itemUrl={itemUrl}
						refetch={refetch}
						courierMode={courierMode}
						donorMessages={donorMessages}
						t={t}
					/>
				) : (
					<div className="grid gap-4">
						<div role="note" className="alert alert-vertical sm:alert-horizontal">
							<span>{t('itemDetail.notAvailable')}</span>
							<a href={localizePath('/items', locale)} className="link link-primary font-semibold">
								{t('itemDetail.browseItems')}
							</a>
						</div>
						{/* A hand-over that emptied the item still waits for its receiver's answer. */}
						{viewerRequest.request && (
							<Suspense>
								<YourRequest
									request={viewerRequest.request}
									canAskAgain={false}
									itemUrl={itemUrl}
									locale={locale}
									statusRef={requestStatus}
									onChanged={async () => {
										await viewerRequest.refetch();
										requestStatus.current?.focus();
									}}
									t={t}
								/>
							</Suspense>
						)}
					</div>
				)}

				<section className="grid gap-2">
					<h2 className="text-xl font-bold">{t('itemDetail.description')}</h2>
					<p className="leading-relaxed break-words whitespace-pre-line">{item.description}</p>
				</section>
				<ItemFacts item={item} cityPage={cityPage} locale={locale} t={t} />
			</div>
		</div>
	);
});
