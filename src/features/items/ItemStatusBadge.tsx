import type { TFunction } from 'i18next';
import type { ItemStatus } from './items';

/**
 * The availability badge: green while AVAILABLE, amber while RESERVED (it still takes a waiting
 * list), gray once given away (docs/product-rules.md#item-statuses).
 */
export function ItemStatusBadge({ status, t }: { status: ItemStatus; t: TFunction }) {
	const tone =
		status === 'AVAILABLE'
			? 'badge-success'
			: status === 'RESERVED'
				? 'badge-warning'
				: 'border-base-300 bg-base-300 text-base-content';
	return (
		<span className={`badge font-semibold ${tone}`} data-status={status}>
			{t(`item.status.${status}`)}
		</span>
	);
}
