import type { TFunction } from 'i18next';
import type { ItemStatus } from '../items';

/** The availability badge: green while AVAILABLE, gray for anything else (docs/product-rules.md#item-statuses). */
export function ItemStatusBadge({ status, t }: { status: ItemStatus; t: TFunction }) {
	const tone =
		status === 'AVAILABLE' ? 'badge-success' : 'border-base-300 bg-base-300 text-base-content';
	return (
		<span className={`badge font-semibold ${tone}`} data-status={status}>
			{t(`item.status.${status}`)}
		</span>
	);
}
