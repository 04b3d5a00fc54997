import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '~/lib/format';
import type { Locale } from '~/lib/i18n/locales';
import { pickupLabel } from '~/features/places/places';
import type { Item } from '~/features/items/items';
import { askableQuantity } from './contact';

/** A city's page (`/items/in/kota-bandung`) in the viewer's language, with the city's code. */
export interface CityPageLink {
	regencyCode: string;
	path: string;
}

/** The pickup area, its city linked to the city's page while that page lists the item's city. */
function pickupArea(item: Item, cityPage: CityPageLink | null, t: TFunction): ReactNode {
	if (!item.pickup) return item.donor.areaName ?? t('itemDetail.details.areaUnknown');
	// An edit seen by polling may move the item to another city than the page was made for.
	if (cityPage?.regencyCode !== item.pickup.regencyCode) return pickupLabel(item.pickup);
	return (
		<>
			<a href={cityPage.path} className="link">
				{item.pickup.regencyName}
			</a>
			{` · ${item.pickup.districtName}`}
		</>
	);
}

/**
 * The item's facts as a description list: category, condition (items listed before it was
 * asked have none), pickup area, size, weight, the quantity
 * that can be asked for while it is available (what is left while everything is reserved), and
 * the date it was listed.
 */
export function ItemFacts({
	item,
	cityPage,
	locale,
	t,
}: {
	item: Item;
	cityPage: CityPageLink | null;
	locale: Locale;
	t: TFunction;
}) {
	const facts = [
		{ label: t('itemDetail.details.category'), value: t(`item.category.${item.category}`) },
		item.condition !== null && {
			label: t('item.condition.label'),
			value: t(`item.condition.${item.condition}`),
		},
		{ label: t('itemDetail.details.pickupArea'), value: pickupArea(item, cityPage, t) },
		{
			label: t('itemDetail.details.dimensions'),
			value: t('itemDetail.details.dimensionsValue', {
				length: formatNumber(item.length),
				width: formatNumber(item.width),
				height: formatNumber(item.height),
			}),
		},
		{
			label: t('itemDetail.details.weight'),
			value: t('itemDetail.details.weightValue', { weight: formatNumber(item.weight) }),
		},
		item.status === 'AVAILABLE' && {
			label: t('itemDetail.details.quantity'),
			value: t('item.quantityAvailable', { count: askableQuantity(item) }),
		},
		item.status === 'RESERVED' && {
			label: t('itemDetail.details.quantity'),
			// The only one, reserved, is not "1 left".
			value:
				item.quantity === 1
					? t('item.quantityReservedOnlyOne')
					: t('item.quantityReserved', { count: item.quantity }),
		},
		{ label: t('itemDetail.details.listedOn'), value: formatDate(item.createdAt, locale) },
	].filter((fact) => fact !== false);
	return (
		<section className="grid gap-3">
			<h2 className="text-xl font-bold">{t('itemDetail.details.heading')}</h2>
			<dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-box bg-base-200 p-4 sm:grid-cols-2">
				{facts.map((fact) => (
					<div key={fact.label}>
						<dt className="text-sm text-base-content/75">{fact.label}</dt>
						<dd className="font-semibold">{fact.value}</dd>
					</div>
				))}
			</dl>
		</section>
	);
}
