import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BlockButton } from '~/features/blocks/BlockButton';
import { WhatsAppIcon } from '~/components/WhatsAppIcon';
import { whatsappUrl } from '~/features/items/items';
import { formatDate } from '~/lib/format';
import { formatTime } from '~/lib/format-time';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import {
	isInProgress,
	type RequestChange,
	requestQuantity,
	reservableQuantity,
} from '~/features/requests/item-requests';
import { OrderPanel } from '~/features/shipping/OrderPanel';
import { ItemRequestActions } from '~/features/requests/ItemRequestActions';
import { NoShowDispute } from '~/features/requests/NoShowDispute';
import { PickupForm } from '~/features/requests/PickupForm';
import { PickupSummary } from '~/features/requests/PickupSummary';
import { donorNoShow, type ItemRequest, type RequestState } from '~/features/requests/requests';

interface ItemRequestCardProps {
	request: ItemRequest;
	locale: Locale;
	/** A change to any request is under way: every action waits for it. */
	busy: boolean;
	/** The change under way is this request's. */
	working: boolean;
	/** Why the last change to this request was refused, shown once, here. */
	failure: string | null;
	onChange: (request: ItemRequest, change: RequestChange) => void;
	onDecline: (request: ItemRequest) => void;
	/** The donor blocked or unblocked the receiver. */
	onBlockChange: () => void;
	/** The donor saved the pickup time. */
	onPickupSaved?: () => void;
	/** The donor disputed the no-show the receiver recorded. */
	onDisputed: () => Promise<unknown>;
}

/** The state's badge: what needs the donor stands out, what has ended is quiet. */
const stateTone: Record<RequestState, string> = {
	open: 'badge-warning',
	reserved: 'badge-info',
	handedOver: 'badge-success badge-outline',
	confirmed: 'badge-success',
	declined: 'badge-ghost',
	withdrawn: 'badge-ghost',
	expired: 'badge-ghost',
};

/** How the request's quantity reads in each state: asked for, reserved, or handed over. */
const quantityText = {
	open: 'asks',
	reserved: 'reserved',
	handedOver: 'given',
	confirmed: 'given',
	declined: 'asked',
	withdrawn: 'asked',
	expired: 'asked',
} as const satisfies Record<RequestState, string>;

/** `22 November 2026` and `14.05` (`2:05 PM` in English), as the texts put them. */
const when = (date: string, locale: Locale) => ({
	date: formatDate(date, locale),
	time: formatTime(date, locale),
});

/**
 * One request as its item's donor sees it: who asks (linked to their profile) and how reliably
 * they collect, how many and since when, where it stands, a WhatsApp reply while it is in
 * progress, and the actions open to the donor now.
 */
export function ItemRequestCard(props: ItemRequestCardProps) {
	const { request, locale, failure } = props;
	const { t } = useTranslation();
	const receiver = request.receiver;
	const name = receiver?.name ?? '';
	const headingId = `request-${request.id}-name`;
	const quantity = requestQuantity(request);

	return (
		<article
			id={`request-${request.id}`}
			tabIndex={-1}
			aria-labelledby={headingId}
			className="card border border-base-300 bg-base-100 shadow-sm focus-visible:outline-2 focus-visible:outline-primary"
		>
			<div className="card-body gap-3 p-4">
				{/* On a phone the state's badge wraps under the name rather than squeezing it. */}
				<div className="flex flex-wrap items-start gap-3">
					{receiver?.avatar ? (
						<img
							src={receiver.avatar}
							alt=""
							width={48}
							height={48}
							className="size-12 shrink-0 rounded-full object-cover"
						/>
					) : (
						<span
							aria-hidden="true"
							className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/15 text-lg font-semibold text-primary"
						>
							{name.slice(0, 1).toUpperCase()}
						</span>
					)}
					<div className="grid min-w-48 flex-1 gap-1">
						<h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
							{receiver && (
								<a
									href={localizePath(`/profile/${receiver.id}`, locale)}
									className="link break-words text-primary"
								>
									{name}
								</a>
							)}
							{request.isNew && (
								<span className="badge badge-sm badge-accent">{t('itemRequests.isNew')}</span>
							)}
						</h3>
						{receiver && (
							<p className="text-sm text-base-content/75" data-testid="record">
								{t('itemRequests.reliability.label')}:{' '}
								{receiver.pickupsCompleted === 0 && receiver.noShows === 0 ? (
									t('itemRequests.reliability.firstTime')
								) : (
									<>
										{receiver.pickupsCompleted > 0
											? t('itemRequests.reliability.pickups', { count: receiver.pickupsCompleted })
											: t('itemRequests.reliability.firstTime')}
										{' · '}
										<span className={receiver.noShows > 0 ? 'font-semibold text-error' : ''}>
											{t('itemRequests.reliability.noShows', { count: receiver.noShows })}
										</span>
									</>
								)}
							</p>
						)}
						{receiver && (
							<p className="text-sm text-base-content/75" data-testid="recently-received">
								{t('itemRequests.reliability.recentlyReceived', {
									count: receiver.recentlyReceived,
								})}
							</p>
						)}
					</div>
					<span className={`badge shrink-0 font-semibold ${stateTone[request.state]}`}>
						{t(`itemRequests.states.${request.state}`)}
					</span>
				</div>

				<ul className="grid gap-1 text-sm">
					<li className="font-semibold">
						{t(`itemRequests.quantity.${quantityText[request.state]}`, { count: quantity })}
					</li>
					<li>{t('itemRequests.askedAt', when(request.createdAt, locale))}</li>
					{request.state === 'reserved' && request.reservedUntil && (
						<li>{t('itemRequests.reservedUntil', when(request.reservedUntil, locale))}</li>
					)}
					{request.state === 'handedOver' && request.confirmBy && (
						<li>
							{t('itemRequests.confirmBy', { name, date: formatDate(request.confirmBy, locale) })}
						</li>
					)}
					{request.state === 'confirmed' && request.confirmedAt && (
						<li>
							{t('itemRequests.confirmedAt', { date: formatDate(request.confirmedAt, locale) })}
						</li>
					)}
					{request.state === 'declined' && request.declineReason && (
						<li>
							{t('itemRequests.declinedBecause', {
								reason: t(`requests.declineReasons.${request.declineReason}` as ParseKeys, {
									defaultValue: request.declineReason,
								}),
							})}
						</li>
					)}
				</ul>

				{request.pickup && (
					<PickupSummary
						request={{ ...request, pickup: request.pickup }}
						locale={locale}
						path={`/my-items/${request.itemId}/requests`}
					/>
				)}
				{request.state === 'reserved' && request.method === 'pickup' && (
					<PickupForm
						key={JSON.stringify(request.pickup)}
						request={request}
						onSaved={props.onPickupSaved ?? props.onBlockChange}
					/>
				)}

				{request.declineReason === donorNoShow && (
					<p className="rounded-field border border-warning bg-warning/25 px-3 py-2 text-sm">
						{t('itemRequests.donorNoShow', { name })}
					</p>
				)}

				{request.disputes > 0 && isInProgress(request) && (
					<p className="rounded-field border border-warning bg-warning/25 px-3 py-2 text-sm">
						{t('itemRequests.disputed', { name })}
					</p>
				)}

				{receiver?.phone && (
					<a
						href={whatsappUrl(
							receiver.phone,
							t('itemRequests.whatsapp.message', {
								name,
								item: request.item.name,
								count: quantity,
							}),
						)}
						target="_blank"
						rel="noopener noreferrer"
						className="btn btn-outline btn-success btn-sm self-start"
					>
						<WhatsAppIcon className="size-4" />
						{t('itemRequests.whatsapp.reply')}
						<span className="sr-only">{t('itemRequests.whatsapp.opensNewWindow')}</span>
					</a>
				)}

				{request.method === 'courier' && (
					<OrderPanel requestId={request.id} locale={locale} t={t} />
				)}

				{request.actions.length > 0 && (
					<ItemRequestActions
						key={`${request.state} ${request.quantity} ${reservableQuantity(request)}`}
						request={request}
						name={name}
						busy={props.busy}
						working={props.working}
						onChange={props.onChange}
						onDecline={props.onDecline}
					/>
				)}

				{failure && (
					<p role="alert" className="alert alert-error text-sm">
						{failure}
					</p>
				)}

				{request.noShowDispute && (
					<NoShowDispute
						requestId={request.id}
						state={request.noShowDispute}
						onChanged={props.onDisputed}
						t={t}
					/>
				)}

				{receiver && (
					<BlockButton
						userId={receiver.id}
						name={name}
						blocked={receiver.blocked}
						onChange={props.onBlockChange}
					/>
				)}
			</div>
		</article>
	);
}
