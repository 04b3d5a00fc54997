import type { TFunction } from 'i18next';
import { formatRupiah } from '~/lib/format';
import type { CourierOrder } from './orders';
import { durationText } from './shipping';

/** The courier's estimate in the reader's words; an estimate not in numbers as the courier put it. */
function courierEstimate(order: CourierOrder, t: TFunction): string {
	const range = order.courier.durationRange;
	return range ? durationText(range, t) : order.courier.duration;
}

/** What an order is: the item, courier, recipient and the amounts, all in rupiah. */
export function OrderSummary({ order, t }: { order: CourierOrder; t: TFunction }) {
	const rows = [
		{ label: t('orders.summary.item'), value: `${order.quantity} × ${order.itemName}` },
		{
			label: t('orders.summary.courier'),
			value: `${order.courier.name} (${courierEstimate(order, t)})`,
		},
		{
			label: t('orders.summary.recipient'),
			value: `${order.recipient.name}, ${order.recipient.phone}`,
		},
		{
			label: t('orders.summary.address'),
			value: `${order.recipient.address}, ${order.recipient.areaName} ${order.recipient.postalCode}`,
		},
		...(order.waybill ? [{ label: t('orders.summary.waybill'), value: order.waybill }] : []),
		{ label: t('orders.summary.shipping'), value: formatRupiah(order.amounts.shipping) },
		{ label: t('orders.summary.fee'), value: formatRupiah(order.amounts.fee) },
		...(order.amounts.insurance > 0
			? [{ label: t('orders.summary.insurance'), value: formatRupiah(order.amounts.insurance) }]
			: []),
	];
	return (
		<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
			{rows.map((row) => (
				<div key={row.label} className="contents">
					<dt className="text-base-content/75">{row.label}</dt>
					<dd className="min-w-0 break-words">{row.value}</dd>
				</div>
			))}
			<dt className="font-bold">{t('orders.summary.total')}</dt>
			<dd className="font-bold" data-testid="order-total">
				{formatRupiah(order.amounts.total)}
			</dd>
		</dl>
	);
}
