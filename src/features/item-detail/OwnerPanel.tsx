import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api-client';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { showToast } from '~/lib/toast';
import {
	canToggleStatus,
	freshnessOf,
	type Item,
	isAvailable,
	isEditable,
} from '~/features/items/items';
import { ItemStatusBadge } from '~/features/items/ItemStatusBadge';
import { MarkGivenDialog } from '~/features/items/MarkGivenDialog';
import { RenewListing } from '~/features/items/RenewListing';

interface OwnerPanelProps {
	item: Item;
	/** A refetch after a status change is running. */
	refreshing: boolean;
	/** Called with the item the server returned; the page then asks the server again. */
	onStatusChanged: (item: Item) => Promise<void>;
	locale: Locale;
	t: TFunction;
}

/**
 * What the donor sees instead of the pickup panel: a note, a link to the item's requests, the
 * status toggle (marking the item donated asks first), and a link to edit the item while it can still be edited. The requests are not
 * counted here: reading them would mark them seen, and the page stays as light as it is for
 * everyone else.
 */
export function OwnerPanel({ item, refreshing, onStatusChanged, locale, t }: OwnerPanelProps) {
	const id = useId();
	const [pending, setPending] = useState(false);
	const [askingGiven, setAskingGiven] = useState(false);
	const available = isAvailable(item);
	const freshness = freshnessOf(item);

	const toggle = async () => {
		if (pending) return;
		setPending(true);
		try {
			const updated = await apiFetch<Item>(`/items/${item.id}/toggle-status`, { method: 'PATCH' });
			void showToast('success', t('itemDetail.statusUpdated'));
			await onStatusChanged(updated);
		} catch (error) {
			const message = error instanceof ApiError && error.message;
			void showToast('error', message || t('itemDetail.statusUpdateFailed'));
		} finally {
			setPending(false);
		}
	};

	return (
		<section aria-labelledby={`${id}-heading`} className="card border border-base-300 bg-base-100">
			<div className="card-body gap-4 p-5">
				<p role="note" className="alert alert-info">
					{t('itemDetail.ownItem')}
				</p>
				{freshness && (
					<RenewListing itemId={item.id} freshness={freshness} onRenewed={onStatusChanged} t={t} />
				)}
				<a
					href={localizePath(`/my-items/${item.id}/requests`, locale)}
					className="btn btn-secondary"
				>
					{t('itemRequests.summary.see')}
				</a>
				<h2 id={`${id}-heading`} className="card-title text-xl">
					{t('itemDetail.status.heading')}
				</h2>
				<p className="flex flex-wrap items-center gap-2">
					<span>{t('itemDetail.status.current')}:</span>
					<ItemStatusBadge status={item.status} t={t} />
					{refreshing && (
						<span role="status" className="flex items-center gap-1 text-sm">
							<span aria-hidden="true" className="loading loading-spinner loading-xs" />
							{t('common.loading')}
						</span>
					)}
				</p>
				<p className="text-sm text-base-content/75">
					{available
						? t('itemDetail.status.hintAvailable')
						: canToggleStatus(item)
							? t('itemDetail.status.hintDonated')
							: t('itemDetail.status.hintThroughRequests')}
				</p>
				<div className="flex flex-col gap-3 sm:flex-row">
					{/* aria-disabled rather than disabled keeps keyboard focus on the button meanwhile. */}
					{canToggleStatus(item) && (
						<button
							type="button"
							className="btn btn-primary sm:flex-1"
							aria-disabled={pending || undefined}
							// Marking it donated closes its requests: a dialog asks first.
							onClick={() => (available ? setAskingGiven(true) : void toggle())}
						>
							{pending && (
								<span aria-hidden="true" className="loading loading-spinner loading-sm" />
							)}
							{pending
								? t('itemDetail.status.updating')
								: available
									? t('itemDetail.status.markDonated')
									: t('itemDetail.status.markAvailable')}
						</button>
					)}
					{isEditable(item) && (
						<a
							href={localizePath(`/my-items/${item.id}/edit`, locale)}
							className="btn btn-outline btn-primary sm:flex-1"
						>
							{t('itemDetail.status.edit')}
						</a>
					)}
				</div>
				<MarkGivenDialog
					t={t}
					item={askingGiven ? item : null}
					onConfirm={toggle}
					onClose={() => setAskingGiven(false)}
				/>
			</div>
		</section>
	);
}
