import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import { formatTime } from '~/lib/format-time';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { BlockButton } from '~/features/blocks/BlockButton';
import { OrderPanel } from '~/features/shipping/OrderPanel';
import { donorChatUrl } from '~/features/requests/receiver';
import { NoShowDispute } from '~/features/requests/NoShowDispute';
import { PickupSummary } from '~/features/requests/PickupSummary';
import { RequestActions } from '~/features/requests/RequestActions';
import type { ItemRequest } from '~/features/requests/requests';
import { confirmBySentence, requestBadge, statusSentence } from '~/features/requests/request-text';
import { SayThanks } from '~/features/thanks/SayThanks';
import type { SentThanks } from '~/features/thanks/thanks';

interface RequestCardProps {
	request: ItemRequest;
	locale: Locale;
	/** The site's address, for the item's link in the WhatsApp message. */
	siteUrl: string;
	/** The receiver's thank-you of this giving, once sent. */
	thanks: SentThanks | undefined;
	onChanged: () => Promise<unknown>;
	t: TFunction;
}

/** The element id of a request's card heading, where focus goes after the receiver's step. */
export const requestHeadingId = (request: Pick<ItemRequest, 'id'>) => `request-${request.id}`;

/** The dates a request has reached, in the order they happened. */
function requestDates(request: ItemRequest, t: TFunction) {
	const dates = [{ label: t('myRequests.facts.asked'), date: request.createdAt }];
	if (request.state === 'reserved' && request.reservedUntil) {
		dates.push({ label: t('myRequests.facts.reservedUntil'), date: request.reservedUntil });
	}
	if (request.handedOverAt) {
		dates.push({ label: t('myRequests.facts.handedOver'), date: request.handedOverAt });
	}
	if (request.confirmedAt) {
		dates.push({ label: t('myRequests.facts.confirmed'), date: request.confirmedAt });
	}
	if (['declined', 'withdrawn', 'expired'].includes(request.state)) {
		dates.push({ label: t('myRequests.facts.ended'), date: request.updatedAt });
	}
	return dates;
}

/** When a donor who lets requests gather will choose, or that they are choosing now. */
function chooseAtSentence(chooseAt: string, t: TFunction, locale: Locale): string {
	if (Date.parse(chooseAt) <= Date.now()) return t('myRequests.choosing');
	return t('myRequests.willChoose', {
		date: formatDate(chooseAt, locale),
		time: formatTime(chooseAt, locale),
	});
}

/**
 * One of the receiver's requests: the item's photo and name (linking to it), where the request
 * stands, the quantity, the donor, its dates, and what the receiver can do now, blocking the
 * donor included; a confirmed giving offers to thank the donor.
 */
export function RequestCard({ request, locale, siteUrl, thanks, onChanged, t }: RequestCardProps) {
	const itemPath = localizePath(`/items/${request.item.id}`, locale);
	const badge = requestBadge(request, t);
	const confirmBy = confirmBySentence(request, t, locale);
	const count = request.givenQuantity ?? request.quantity;
	const chatUrl = donorChatUrl(
		request,
		t('myRequests.whatsapp.message', {
			name: request.item.name,
			count,
			url: new URL(itemPath, siteUrl).href,
		}),
	);
	const facts: { label: string; value: ReactNode }[] = [
		{ label: t('myRequests.facts.quantity'), value: count },
		...(request.donor
			? [
					{
						label: t('myRequests.facts.donor'),
						value: (
							<a
								href={localizePath(`/profile/${request.donor.id}`, locale)}
								className="link link-primary"
							>
								{request.donor.name}
							</a>
						),
					},
				]
			: []),
		...requestDates(request, t).map(({ label, date }) => ({
			label,
			value: formatDate(date, locale),
		})),
	];

	return (
		<article className="card border border-base-300 bg-base-100 shadow-sm">
			<div className="card-body gap-3 p-4">
				<div className="flex items-start gap-4">
					{/* The name links to the item; the photo is decoration beside it. */}
					<div className="size-20 shrink-0 overflow-hidden rounded-box bg-base-200 sm:size-24">
						{request.item.photo ? (
							<img
								src={request.item.photo}
								alt=""
								width={96}
								height={96}
								loading="lazy"
								decoding="async"
								className="size-full object-cover"
							/>
						) : (
							<span className="flex size-full items-center justify-center p-1 text-center text-xs text-base-content/75">
								{t('myRequests.noPhoto')}
							</span>
						)}
					</div>
					<div className="grid min-w-0 flex-1 gap-1">
						<p>
							<span className={`badge badge-sm font-semibold ${badge.tone}`}>{badge.label}</span>
						</p>
						<h3
							id={requestHeadingId(request)}
							tabIndex={-1}
							className="text-lg leading-snug font-bold wrap-anywhere focus:outline-none"
						>
							<a href={itemPath} className="link link-hover">
								{request.item.name}
							</a>
						</h3>
						<p>{statusSentence(request, t, locale)}</p>
						{confirmBy && <p className="text-sm text-base-content/75">{confirmBy}</p>}
						{request.state === 'open' && request.item.chooseAt && (
							<p className="text-sm text-base-content/75" data-testid="choose-at">
								{chooseAtSentence(request.item.chooseAt, t, locale)}
							</p>
						)}
					</div>
				</div>
				<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
					{facts.map((fact) => (
						<div key={fact.label} className="contents">
							<dt className="text-base-content/75">{fact.label}</dt>
							<dd className="min-w-0 break-words">{fact.value}</dd>
						</div>
					))}
				</dl>
				{request.pickup && (
					<PickupSummary
						request={{ ...request, pickup: request.pickup }}
						locale={locale}
						path="/my-requests"
					/>
				)}
				{request.method === 'courier' && (
					<OrderPanel requestId={request.id} locale={locale} t={t} />
				)}
				<RequestActions request={request} chatUrl={chatUrl} compact onChanged={onChanged} t={t} />
				{request.noShowDispute && (
					<NoShowDispute
						requestId={request.id}
						state={request.noShowDispute}
						onChanged={onChanged}
						t={t}
					/>
				)}
				{request.state === 'confirmed' && (
					<SayThanks
						requestId={request.id}
						item={request.item.name}
						donor={request.donor?.name ?? ''}
						sent={thanks}
						onChanged={onChanged}
						t={t}
					/>
				)}
				{request.donor && (
					<BlockButton
						userId={request.donor.id}
						name={request.donor.name}
						blocked={request.donor.blocked}
						onChange={() => void onChanged()}
					/>
				)}
			</div>
		</article>
	);
}
