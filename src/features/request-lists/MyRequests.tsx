import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/lib/api-client';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { islandRoot } from '~/lib/island-root';
import { groupRequests } from '~/features/requests/receiver';
import type { ItemRequest } from '~/features/requests/requests';
import { myRequestsQuery } from '~/features/requests/requests.queries';
import { sentThanksQuery } from '~/features/thanks/thanks.queries';
import { RequestCard, requestHeadingId } from './RequestCard';

interface MyRequestsProps extends IslandI18nProps {
	/**
	 * The receiver's requests as the server rendered them, without the donors' phones (the API
	 * hands those out on the first read), or `null` to load them here.
	 */
	initialRequests: ItemRequest[] | null;
	/** The site's address, for the item links in WhatsApp messages. */
	siteUrl: string;
}

/**
 * The receiver's requests, grouped by what they call for: hand-overs to confirm first, then
 * reservations, requests waiting for the donor, and finished ones. Needs the `myRequests`,
 * `requests` and `common` namespaces.
 */
export const MyRequests = islandRoot(function MyRequests({
	initialRequests,
	siteUrl,
	...i18n
}: MyRequestsProps) {
	const { t } = useTranslation();
	// The rendered copy seeds the list but counts as stale: the first read brings the phones.
	const query = useQuery({
		...myRequestsQuery(),
		...(initialRequests && { initialData: initialRequests, initialDataUpdatedAt: 0 }),
	});
	// Which confirmed givings the receiver thanked for: their cards say so.
	const thanks = useQuery(sentThanksQuery());
	const [focusAfterChange, setFocusAfterChange] = useState<ItemRequest | null>(null);

	// The request's card may have moved to another group: its heading is where focus lands.
	useEffect(() => {
		if (!focusAfterChange) return;
		document.getElementById(requestHeadingId(focusAfterChange))?.focus();
		setFocusAfterChange(null);
	}, [focusAfterChange]);

	// A retry shows the loading state again, not the error it is retrying.
	if (query.isError && !query.isFetching && !query.data) {
		const message = query.error instanceof ApiError && query.error.message;
		return (
			<div role="alert" className="alert alert-error flex flex-wrap justify-between">
				<span>{message || t('myRequests.loadFailed')}</span>
				<button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
					{t('myRequests.retry')}
				</button>
			</div>
		);
	}

	if (!query.data) {
		return (
			<>
				<p className="sr-only" role="status">
					{t('common.loading')}
				</p>
				<ul className="grid gap-4" aria-hidden="true">
					{Array.from({ length: 3 }, (_, index) => (
						<li key={index} className="flex gap-4 rounded-box border border-base-300 p-4">
							<div className="skeleton size-20 shrink-0 sm:size-24" />
							<div className="grid flex-1 content-start gap-2">
								<div className="skeleton h-4 w-20" />
								<div className="skeleton h-6 w-3/4" />
								<div className="skeleton h-4 w-1/2" />
							</div>
						</li>
					))}
				</ul>
			</>
		);
	}

	if (query.data.length === 0) {
		return (
			<div className="flex flex-col items-center gap-4 rounded-box bg-base-200 px-4 py-16 text-center">
				<p className="text-lg">{t('myRequests.empty')}</p>
				<a href={localizePath('/items', i18n.locale)} className="btn btn-primary">
					{t('myRequests.emptyAction')}
				</a>
			</div>
		);
	}

	return (
		<div className="grid gap-10">
			{groupRequests(query.data).map(({ group, requests }) => (
				<section key={group} aria-labelledby={`requests-${group}`} className="grid gap-4">
					<h2 id={`requests-${group}`} className="flex items-center gap-2 text-xl font-bold">
						{t(`myRequests.groups.${group}`)}
						<span className="badge badge-neutral badge-sm">
							{t('myRequests.groupCount', { count: requests.length })}
						</span>
					</h2>
					<ul className="grid gap-4 lg:grid-cols-2">
						{requests.map((request) => (
							<li key={request.id}>
								<RequestCard
									request={request}
									locale={i18n.locale}
									siteUrl={siteUrl}
									thanks={thanks.data?.find((sent) => sent.requestId === request.id)}
									onChanged={async () => {
										await Promise.all([query.refetch(), thanks.refetch()]);
										setFocusAfterChange(request);
									}}
									t={t}
								/>
							</li>
						))}
					</ul>
				</section>
			))}
		</div>
	);
});
