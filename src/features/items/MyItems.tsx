import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takePushOffer } from '~/features/notifications/push-offer-flag';
import { ApiError, apiFetch } from '~/lib/api-client';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { islandRoot } from '~/lib/island-root';
import { localizePath } from '~/lib/i18n/locales';
import { showToast } from '~/lib/toast';
import { DeleteItemDialog } from './DeleteItemDialog';
import { MarkGivenDialog } from './MarkGivenDialog';
import { ItemCardSkeleton, ItemCardView } from './ItemCardView';
import { type CardItem, cardClass, cardLabels } from './item-card';
import { type Item, isEditable } from './items';
import { myItemsQuery } from './items.queries';
import { type MyItemCard, primaryAction, toMyItemCard } from './my-items';
import { RenewListing } from './RenewListing';
import { RequestCountsLink } from './RequestCountsLink';

interface MyItemsProps extends IslandI18nProps {
	/** The donor's items as the server rendered them, or `null` to load them here. */
	initialItems: MyItemCard[] | null;
}

/** `DELETE /api/items/{id}`. */
function deleteItem(id: number): Promise<void> {
	return apiFetch<void>(`/items/${id}`, { method: 'DELETE' });
}

/** The server's message for a failed call when it sent one, else `fallback`. */
function messageOf(error: unknown, fallback: string): string {
	return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * The signed-in donor's items: view, edit and delete (the last two only while AVAILABLE), a
 * status toggle per card (marking an item given asks first), and a link to each item's requests
 * saying how many are in progress and new. Needs the `items`, `item` and `common` namespaces and
 * `itemRequests.summary`.
 */
export const MyItems = islandRoot(function MyItems({ initialItems, ...i18n }: MyItemsProps) {
	const { t } = useTranslation();
	const labels = useMemo(() => cardLabels(t), [t]);
	// Loads on mount only when the server could not.
	const query = useQuery({ ...myItemsQuery(), ...(initialItems && { initialData: initialItems }) });
	const client = useQueryClient();
	const setItems = (update: (list: MyItemCard[] | undefined) => MyItemCard[] | undefined) =>
		client.setQueryData(myItemsQuery().queryKey, update);
	// A retry shows the skeleton again, not the error it is retrying.
	const items = query.isFetching && query.isError ? null : (query.data ?? null);
	const loadError =
		query.isError && !query.isFetching ? messageOf(query.error, t('items.my.loadFailed')) : null;
	const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());
	const [deleting, setDeleting] = useState<MyItemCard | null>(null);
	const [markingGiven, setMarkingGiven] = useState<CardItem | null>(null);
	const results = useRef<HTMLDivElement>(null);
	const deleted = useRef(false);

	// A donor who just listed an item is asked whether to hear when someone asks for it.
	useEffect(() => {
		if (takePushOffer() !== 'listing') return;
		void import('~/features/notifications/push-offer').then(({ offerPush }) =>
			offerPush('listing', t),
		);
	}, [t]);

	async function toggle(item: Pick<CardItem, 'id'>) {
		setToggling((ids) => new Set(ids).add(item.id));
		try {
			const updated = toMyItemCard(
				await apiFetch<Item>(`/items/${item.id}/toggle-status`, { method: 'PATCH' }),
			);
			setItems((list) => list?.map((entry) => (entry.id === item.id ? updated : entry)));
			void showToast('success', t('items.toggle.success'));
		} catch (error) {
			void showToast('error', messageOf(error, t('items.toggle.failed')));
		} finally {
			setToggling((ids) => {
				const next = new Set(ids);
				next.delete(item.id);
				return next;
			});
		}
	}

	/** Deletes the item the dialog asked about; the dialog closes either way. */
	async function remove(item: CardItem) {
		try {
			await deleteItem(item.id);
			setItems((list) => list?.filter((entry) => entry.id !== item.id));
			void showToast('success', t('items.delete.success'));
			deleted.current = true;
		} catch (error) {
			void showToast('error', messageOf(error, t('items.delete.failed')));
		}
	}

	if (loadError) {
		return (
			<div role="alert" className="alert alert-error flex flex-wrap justify-between">
				<span>{loadError}</span>
				<button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
					{t('items.retry')}
				</button>
			</div>
		);
	}

	if (!items) {
		return (
			<>
				<p className="sr-only" role="status">
					{t('common.loading')}
				</p>
				<ul className={cardClass.grid} aria-hidden="true">
					{Array.from({ length: 4 }, (_, index) => (
						<li key={index}>
							<ItemCardSkeleton />
						</li>
					))}
				</ul>
			</>
		);
	}

	return (
		<div ref={results} tabIndex={-1} className="focus:outline-none">
			{items.length === 0 ? (
				<div className="flex flex-col items-center gap-4 rounded-box bg-base-200 px-4 py-16 text-center">
					<p className="text-lg">{t('items.my.empty')}</p>
					<a href={localizePath('/donate-item', i18n.locale)} className="btn btn-primary">
						{t('items.my.emptyAction')}
					</a>
				</div>
			) : (
				<ul className={cardClass.grid}>
					{items.map((item, index) => {
						const editable = isEditable(item);
						const pending = toggling.has(item.id);
						const primary = primaryAction(item);
						return (
							<li key={item.id}>
								<ItemCardView
									item={item}
									labels={labels}
									locale={i18n.locale}
									index={index}
									byDonor={false}
								>
									<div
										role="group"
										aria-label={t('items.my.actions', { name: item.name })}
										className="flex flex-col gap-2"
									>
										{item.freshness && (
											<RenewListing
												itemId={item.id}
												freshness={item.freshness}
												onRenewed={(renewed) => {
													const card = toMyItemCard(renewed);
													setItems((list) =>
														list?.map((entry) =>
															entry.id === item.id
																? { ...card, requestCounts: entry.requestCounts }
																: entry,
														),
													);
												}}
												t={t}
											/>
										)}
										<RequestCountsLink
											item={item}
											locale={i18n.locale}
											primary={primary === 'requests'}
										/>
										<div className="grid grid-cols-3 gap-2">
											<a
												href={localizePath(`/items/${item.id}`, i18n.locale)}
												className="btn btn-sm btn-ghost"
											>
												{t('items.my.view')}
											</a>
											{editable ? (
												<a
													href={localizePath(`/my-items/${item.id}/edit`, i18n.locale)}
													className={`btn btn-sm ${primary === 'edit' ? 'btn-primary' : ''}`}
												>
													{t('items.my.edit')}
												</a>
											) : (
												<button type="button" className="btn btn-sm" disabled>
													{t('items.my.edit')}
												</button>
											)}
											<button
												type="button"
												className="btn btn-sm btn-outline btn-error"
												disabled={!editable || pending}
												onClick={() => setDeleting(item)}
											>
												{t('items.my.delete')}
											</button>
										</div>
										{item.canToggle && (
											<button
												type="button"
												className={`btn btn-sm btn-outline ${editable ? '' : 'btn-primary'}`}
												disabled={pending}
												onClick={() => (editable ? setMarkingGiven(item) : void toggle(item))}
											>
												{pending && (
													<span className="loading loading-xs loading-spinner" aria-hidden="true" />
												)}
												{editable ? t('items.toggle.markDonated') : t('items.toggle.markAvailable')}
											</button>
										)}
										{!editable && (
											<p className="text-xs text-base-content/75">{t('items.my.locked')}</p>
										)}
									</div>
								</ItemCardView>
							</li>
						);
					})}
				</ul>
			)}
			<MarkGivenDialog
				t={t}
				item={markingGiven}
				onConfirm={toggle}
				onClose={() => setMarkingGiven(null)}
			/>
			<DeleteItemDialog
				t={t}
				item={deleting}
				onConfirm={remove}
				onClose={() => {
					setDeleting(null);
					// The card and its delete button are gone: keep focus in the list, not on <body>.
					if (deleted.current) results.current?.focus();
					deleted.current = false;
				}}
			/>
		</div>
	);
});
