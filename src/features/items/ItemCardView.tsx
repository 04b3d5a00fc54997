import type { ReactNode } from 'react';
import type { Locale } from '~/lib/i18n/locales';
import { areaIconPath, cardClass, type CardItem, type CardLabels, cardView } from './item-card';

interface ItemCardViewProps {
	item: CardItem;
	labels: CardLabels;
	locale: Locale;
	/** Position in the grid: the first row loads its photos at once. */
	index: number;
	/** Whether the card says who gives the item: on the donor's own list it would only name them. */
	byDonor?: boolean;
	/** Controls shown under the card's details, above its link (My items' actions). */
	children?: ReactNode;
}

/** An item's card inside an island; the markup twin of `ItemCard.astro`. */
export function ItemCardView({
	item,
	labels,
	locale,
	index,
	byDonor = true,
	children,
}: ItemCardViewProps) {
	const view = cardView(item, labels, locale, index);
	return (
		<article className={cardClass.card} data-item-card="">
			<figure className={cardClass.figure}>
				{view.image ? (
					<img
						className={cardClass.image}
						src={view.image.src}
						srcSet={view.image.srcset}
						sizes={view.image.sizes}
						width={view.image.width}
						height={view.image.height}
						loading={view.image.loading}
						decoding="async"
						alt=""
						data-card-image=""
					/>
				) : (
					<span className={cardClass.noPhoto}>{labels.noPhoto}</span>
				)}
			</figure>
			<div className={cardClass.body}>
				<p className={cardClass.meta}>
					<span className={view.badgeClass} data-card-status="">
						{view.statusLabel}
					</span>
					{view.conditionLabel && (
						<span className={cardClass.condition} data-card-condition="">
							{view.conditionLabel}
						</span>
					)}
					<span data-card-category="">{view.categoryLabel}</span>
					{view.left && <span data-card-left="">{view.left}</span>}
				</p>
				<h3 className={cardClass.title}>
					<a className={cardClass.link} href={view.href} data-card-link="">
						{view.name}
					</a>
				</h3>
				{byDonor && (
					<p className={cardClass.byline} data-card-byline="">
						{view.byline}
					</p>
				)}
				{view.areaName && (
					<p className={cardClass.area} data-card-area="">
						<svg className={cardClass.areaIcon} viewBox="0 0 24 24" aria-hidden="true">
							<path d={areaIconPath} fill="currentColor" fillRule="evenodd" />
						</svg>
						<span className="sr-only">{labels.area}:</span>
						<span data-card-area-name="">{view.areaName}</span>
					</p>
				)}
				{children && <div className={cardClass.actions}>{children}</div>}
			</div>
		</article>
	);
}

/** A card's place while items load (the same shapes as `LatestItems.astro`'s skeletons). */
export function ItemCardSkeleton() {
	return (
		<div className={cardClass.card}>
			<div className={cardClass.skeletonFigure} />
			<div className={cardClass.body}>
				<div className={`${cardClass.skeletonLine} w-24`} />
				<div className={`${cardClass.skeletonLine} h-6 w-3/4`} />
				<div className={`${cardClass.skeletonLine} w-1/2`} />
				<div className={`${cardClass.skeletonLine} w-2/3`} />
			</div>
		</div>
	);
}
