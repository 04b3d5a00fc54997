import type { TFunction } from 'i18next';
import { useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api-client';
import { showToast } from '~/lib/toast';
import type { Freshness, Item } from './items';

interface RenewListingProps {
	itemId: number;
	freshness: Exclude<Freshness, null>;
	/** Called with the item the server returned. */
	onRenewed: (item: Item) => void | Promise<void>;
	t: TFunction;
}

/**
 * The donor's one tap on a listing asked "still available?" or hidden as stale: what it means,
 * and the button that keeps it in, or brings it back to, the lists.
 */
export function RenewListing({ itemId, freshness, onRenewed, t }: RenewListingProps) {
	const [pending, setPending] = useState(false);

	const renew = async () => {
		if (pending) return;
		setPending(true);
		try {
			const item = await apiFetch<Item>(`/items/${itemId}/renew`, { method: 'POST' });
			void showToast(
				'success',
				t(freshness === 'stale' ? 'items.freshness.renewed' : 'items.freshness.kept'),
			);
			await onRenewed(item);
		} catch (error) {
			const message = error instanceof ApiError && error.message;
			void showToast('error', message || t('items.freshness.failed'));
		} finally {
			setPending(false);
		}
	};

	return (
		<div
			role="status"
			className={`alert flex flex-col items-stretch gap-2 text-sm ${freshness === 'stale' ? 'alert-warning' : 'alert-info'}`}
			data-testid="listing-freshness"
		>
			<p>{t(freshness === 'stale' ? 'items.freshness.stale' : 'items.freshness.asked')}</p>
			{/* aria-disabled rather than disabled keeps keyboard focus on the button meanwhile. */}
			<button
				type="button"
				className="btn btn-sm btn-primary"
				aria-disabled={pending}
				onClick={() => void renew()}
			>
				{pending && <span className="loading loading-xs loading-spinner" aria-hidden="true" />}
				{t(freshness === 'stale' ? 'items.freshness.renew' : 'items.freshness.stillAvailable')}
			</button>
		</div>
	);
}
