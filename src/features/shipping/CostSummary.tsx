import type { TFunction } from 'i18next';
import type { CourierTotal } from '~/config/shipping';
import { formatRupiah } from '~/lib/format';

/** Shipping, the 10% service fee, insurance when chosen, and the total, in rupiah. */
export function CostSummary({ total, t }: { total: CourierTotal; t: TFunction }) {
	const lines = [
		['shipping', total.shipping],
		['fee', total.fee],
		...(total.insurance > 0 ? [['insurance', total.insurance] as const] : []),
	] as const;
	return (
		<section aria-labelledby="shipping-summary-heading" className="grid gap-2">
			<h3 id="shipping-summary-heading" className="font-semibold">
				{t('shipping.summary.heading')}
			</h3>
			<dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-box bg-base-200 p-4 text-sm">
				{lines.map(([key, amount]) => (
					<div key={key} className="contents">
						<dt>{t(`shipping.summary.${key}`)}</dt>
						<dd className="text-right tabular-nums">{formatRupiah(amount)}</dd>
					</div>
				))}
				<div className="contents text-base font-bold">
					<dt className="border-t border-base-300 pt-2">{t('shipping.summary.total')}</dt>
					<dd className="border-t border-base-300 pt-2 text-right tabular-nums">
						{formatRupiah(total.total)}
					</dd>
				</div>
			</dl>
		</section>
	);
}
