import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/lib/api-client';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { islandRoot } from '~/lib/island-root';
import { showToast } from '~/lib/toast';
import { DeclineRequestDialog } from '~/features/requests/DeclineRequestDialog';
import { type HandOver, HandOverDialog } from '~/features/requests/HandOverDialog';
import {
	currentItem,
	type RequestChange,
	type RequestedItem,
	refusalMessage,
	splitRequests,
} from '~/features/requests/item-requests';
import { changeRequest, itemRequestsQuery } from '~/features/requests/item-requests.queries';
import { ItemRequestsHeader } from '~/features/requests/ItemRequestsHeader';
import type { ItemRequest } from '~/features/requests/requests';
import { ItemRequestCard } from './ItemRequestCard';

interface ItemRequestsProps extends IslandI18nProps {
	/** The item as the server rendered the page; its requests keep its figures current. */
	item: RequestedItem;
}

/** Moves focus to a request's card when the button that had it went away with the change. */
function keepFocusAt(requestId: number | undefined): void {
	if (requestId === undefined) return;
	if (document.activeElement && document.activeElement !== document.body) return;
	document.getElementById(`request-${requestId}`)?.focus();
}

/**
 * `/my-items/{id}/requests`: the donor's item and everyone who asked for it, in progress first,
 * with the steps open to the donor on each. Every change is followed by a fresh read of the list,
 * which also brings the item's new figures. Needs the `itemRequests`, `requests`, `item` and
 * `common` namespaces.
 */
export const ItemRequests = islandRoot(function ItemRequests({
	item: pageItem,
	locale,
}: ItemRequestsProps) {
	const { t } = useTranslation();
	const client = useQueryClient();
	const options = useMemo(() => itemRequestsQuery(pageItem.id), [pageItem.id]);
	const query = useQuery(options);
	const requests = query.data;
	const item = currentItem(pageItem, requests);
	const [working, setWorking] = useState<number | null>(null);
	const [failure, setFailure] = useState<{ requestId: number; message: string } | null>(null);
	const [declining, setDeclining] = useState<ItemRequest | null>(null);
	const [handingOver, setHandingOver] = useState<HandOver | null>(null);

	async function change(request: ItemRequest, next: RequestChange): Promise<void> {
		if (working !== null) return;
		setWorking(request.id);
		setFailure(null);
		try {
			await changeRequest(request.id, next);
			void showToast(
				'success',
				t(`itemRequests.done.${next.action}`, { name: request.receiver?.name ?? '' }),
			);
		} catch (error) {
			setFailure({
				requestId: request.id,
				message: refusalMessage(error, t, t('itemRequests.failed')),
			});
		} finally {
			// Refused or not, the request may have moved on meanwhile: the list shows where it stands.
			await client.refetchQueries({ queryKey: options.queryKey });
			// The new list is on the page before focus looks for the request's card in it.
			flushSync(() => setWorking(null));
			keepFocusAt(request.id);
		}
	}

	const loadFailed = !requests && query.isError && !query.isFetching;
	let content;
	if (loadFailed) {
		const message = query.error instanceof ApiError && query.error.message;
		content = (
			<div role="alert" className="alert alert-error flex flex-wrap justify-between">
				<span>{message || t('itemRequests.loadFailed')}</span>
				<button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
					{t('itemRequests.retry')}
				</button>
			</div>
		);
	} else if (!requests) {
		content = (
			<>
				<p className="sr-only" role="status">
					{t('itemRequests.loading')}
				</p>
				<div className="grid gap-4" aria-hidden="true">
					{[0, 1].map((index) => (
						<div key={index} className="skeleton h-40 w-full" />
					))}
				</div>
			</>
		);
	} else if (requests.length === 0) {
		content = (
			<div className="flex flex-col items-center gap-2 rounded-box bg-base-200 px-4 py-12 text-center">
				<p className="text-lg font-semibold">{t('itemRequests.empty')}</p>
				<p className="max-w-md">{t('itemRequests.emptyHint')}</p>
			</div>
		);
	} else {
		const { inProgress, earlier } = splitRequests(requests);
		const section = (key: 'inProgress' | 'earlier', list: ItemRequest[]) =>
			list.length > 0 && (
				<section aria-labelledby={`requests-${key}`} className="grid gap-4">
					<h2 id={`requests-${key}`} className="flex items-center gap-2 text-xl font-bold">
						{t(`itemRequests.${key}`)}
						<span className="badge badge-neutral badge-sm">
							{t('itemRequests.summary.count', { count: list.length })}
						</span>
					</h2>
					<ul className="grid gap-4">
						{list.map((request) => (
							<li key={request.id}>
								<ItemRequestCard
									request={request}
									locale={locale}
									busy={working !== null}
									working={working === request.id}
									failure={failure?.requestId === request.id ? failure.message : null}
									onChange={(target, next) =>
										// A hand-over cannot be taken back: a dialog asks first.
										next.action === 'handOver'
											? setHandingOver({
													request: target,
													quantity: next.quantity ?? target.quantity,
												})
											: void change(target, next)
									}
									onDecline={setDeclining}
									onBlockChange={() => void client.refetchQueries({ queryKey: options.queryKey })}
									onPickupSaved={() => void client.refetchQueries({ queryKey: options.queryKey })}
									onDisputed={() => client.refetchQueries({ queryKey: options.queryKey })}
								/>
							</li>
						))}
					</ul>
				</section>
			);
		content = (
			<>
				{section('inProgress', inProgress)}
				{section('earlier', earlier)}
			</>
		);
	}

	return (
		<div className="grid gap-8">
			<ItemRequestsHeader item={item} locale={locale} />
			{content}
			<DeclineRequestDialog
				request={declining}
				onConfirm={(request, reason) =>
					change(request, { action: 'decline', ...(reason && { reason }) })
				}
				onClose={() => {
					keepFocusAt(declining?.id);
					setDeclining(null);
				}}
			/>
			<HandOverDialog
				handOver={handingOver}
				onConfirm={({ request, quantity }) => change(request, { action: 'handOver', quantity })}
				onClose={() => {
					keepFocusAt(handingOver?.request.id);
					setHandingOver(null);
				}}
			/>
		</div>
	);
});
