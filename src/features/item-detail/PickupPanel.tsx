import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { QuantityStepper } from '~/components/QuantityStepper';
import { WhatsAppIcon } from '~/components/WhatsAppIcon';
import type { CourierMode } from '~/features/shipping/shipping';
import { startCourierOrder } from '~/features/shipping/courier-orders';
import { useProfileCheck } from '~/features/profiles/use-profile-check';
import { endedWithoutGiving } from '~/features/requests/receiver';
import { askForItem } from '~/features/requests/requests.queries';
import { ApiError } from '~/lib/api-client';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { showToast } from '~/lib/toast';
import { clampQuantity, type Item } from '~/features/items/items';
import {
	askableQuantity,
	contactAction,
	type DonorMessages,
	donorMessage,
	type ItemViewer,
	profileGate,
	refusalMessage,
	withProfileCheck,
} from './contact';
import { type PickupMethod, PickupMethods } from './PickupMethods';
import type { ViewerRequest } from './use-viewer-request';
import { preloadYourRequest, YourRequest } from './rare-parts';

interface PickupPanelProps {
	item: Item;
	viewer: ItemViewer;
	/** The viewer's own request for the item, when signed in. */
	viewerRequest: ViewerRequest;
	locale: Locale;
	/** The page's path in the viewer's language, where sign-up and profile completion return. */
	itemPath: string;
	/** The page's absolute URL, quoted in the WhatsApp message. */
	itemUrl: string;
	/** Asks the server for the item now, e.g. for a phone number the page did not load yet. */
	refetch: () => Promise<Item>;
	/** How courier delivery runs on this site; `off` shows it as Coming Soon. */
	courierMode: CourierMode;
	/**
	 * The WhatsApp message templates in the donor's language, which the message is written in;
	 * none when it is the page's, whose templates are among the island's texts.
	 */
	donorMessages: DonorMessages | null;
	t: TFunction;
}

/** The shipping form is its own chunk: the page loads it only when courier delivery is chosen. */
const ShippingForm = lazy(() => import('~/features/shipping/ShippingForm'));

/**
 * How a receiver gets the item: free direct pickup arranged on WhatsApp (quantity stepper and
 * contact button, which records the request first), courier delivery with the shipping form when
 * the site offers it (else Coming Soon), and the viewer's own request once they made one. A
 * RESERVED item takes requests as a waiting list.
 */
export function PickupPanel(props: PickupPanelProps) {
	const { item, viewerRequest, locale, itemPath, itemUrl, refetch, courierMode, donorMessages, t } =
		props;
	const profileCheck = useProfileCheck(props.viewer.signedIn);
	const viewer = withProfileCheck(props.viewer, profileCheck);
	const [method, setMethod] = useState<PickupMethod>('pickup');
	const { request } = viewerRequest;
	const id = useId();
	const status = useRef<HTMLDivElement>(null);
	const available = askableQuantity(item);
	const waitingList = item.status === 'RESERVED';
	// Courier delivery is paid for at once, so a waiting list (everything reserved) is pickup only.
	const courierOffered = courierMode !== 'off' && !waitingList;
	const courier = courierOffered && method === 'courier';
	const [draft, setDraft] = useState('1');
	const quantity = clampQuantity(draft, available);
	const inRange = draft.trim() === String(quantity);
	const noPhone = !item.donor.hasPhone;
	const [asking, setAsking] = useState(false);
	// Why the last request was refused, and whether it was the limit of requests in progress.
	const [refusal, setRefusal] = useState<{ message: string; limit: boolean } | null>(null);
	const open = request?.state === 'open' ? request : null;
	// Asking is for a first request, one still open (asking again updates it) or one that ended.
	const canAsk = !viewerRequest.loading && (!request || open || endedWithoutGiving(request));

	// Fewer may be left after a poll: the request follows.
	useEffect(() => setDraft((value) => String(clampQuantity(value, available))), [available]);
	// An open request is shown with the quantity it asks for.
	const openQuantity = open?.quantity;
	// Only when that quantity changes: a poll of the item leaves what the viewer typed alone.
	useEffect(() => {
		if (openQuantity) setDraft(String(openQuantity));
	}, [openQuantity]);

	const changeDraft = (value: string) => {
		setDraft(value);
		setRefusal(null);
	};

	const contact = async () => {
		if (asking) return;
		setRefusal(null);
		// The rendered page never holds the phone; the first poll brings it, unless still on its way.
		const waiting =
			viewer.signedIn && viewer.isComplete && item.donor.hasPhone && !item.donor.phone;
		const donor = waiting ? (await refetch()).donor : item.donor;
		const values = { name: item.name, count: quantity, available, url: itemUrl };
		// Asking for all there is says so, rather than "1 of the 1".
		const kind = waitingList
			? 'waitingListMessage'
			: quantity === available
				? 'messageAll'
				: 'message';
		const action = contactAction({
			viewer,
			donor,
			locale,
			itemPath,
			message: donorMessages
				? donorMessage(donorMessages, kind, values)
				: t(`itemDetail.whatsapp.${kind}`, values),
		});
		// The sign-up and profile pages show the prompt themselves for the `reason` they get.
		if (action.kind === 'signIn' || action.kind === 'completeProfile') {
			window.location.assign(action.href);
			return;
		}
		if (action.kind === 'noPhone') {
			void showToast('error', t('itemDetail.whatsapp.noPhoneNumber'));
			return;
		}
		setAsking(true);
		// The request shows once made: its part loads while the request is on its way.
		const requestPart = preloadYourRequest();
		try {
			// A donor who blocked the viewer refuses here, and the refusal says so.
			const request = await askForItem(item.id, quantity);
			// Still within the click's user activation: the request is one short call.
			if (action.kind === 'chat') window.open(action.url, '_blank', 'noopener');
			else void showToast('error', t('itemDetail.whatsapp.noPhoneNumber'));
			// Missed pickups near the limit: the API words the warning in the person's language.
			if (request.noShowWarning) void showToast('warning', request.noShowWarning);
			// The person may want to hear when the donor answers: asked after they acted, loaded then.
			void import('~/features/notifications/push-offer').then(({ offerPush }) =>
				offerPush('request', t),
			);
		} catch (error) {
			const limit = error instanceof ApiError && error.code === 'REQUEST_LIMIT';
			setRefusal({ message: refusalMessage(error, t), limit });
			void refetch();
		} finally {
			setAsking(false);
			await requestPart.catch(() => undefined);
			void viewerRequest.refetch();
		}
	};

	const chooseMethod = (chosen: PickupMethod) => {
		const gate = chosen === 'courier' ? profileGate(viewer, locale, itemPath) : null;
		if (gate) window.location.assign(gate.href);
		else setMethod(chosen);
	};

	const onChanged = async () => {
		await Promise.all([viewerRequest.refetch(), refetch()]);
		status.current?.focus();
	};

	return (
		<section aria-labelledby={`${id}-heading`} className="card border border-base-300 bg-base-100">
			<div className="card-body gap-5 p-5">
				<h2 id={`${id}-heading`} className="card-title text-xl">
					{t('itemDetail.pickup.heading')}
				</h2>
				{request && (
					<Suspense>
						<YourRequest
							request={request}
							canAskAgain
							itemUrl={itemUrl}
							locale={locale}
							statusRef={status}
							onChanged={onChanged}
							t={t}
						/>
					</Suspense>
				)}
				{viewerRequest.loading && (
					<p role="status" className="flex items-center gap-2">
						<span aria-hidden="true" className="loading loading-spinner loading-sm" />
						{t('common.loading')}
					</p>
				)}
				{canAsk && (
					<>
						{waitingList && !open && (
							<p role="note" className="alert alert-warning">
								{t('itemDetail.waitingList.note')}
							</p>
						)}
						<PickupMethods
							name={`${id}-method`}
							method={method}
							onChange={chooseMethod}
							courierOffered={courierOffered}
							t={t}
						/>
						<QuantityStepper
							id={`${id}-quantity`}
							label={t('itemDetail.quantity.label')}
							decreaseLabel={t('itemDetail.quantity.decrease')}
							increaseLabel={t('itemDetail.quantity.increase')}
							hint={t('itemDetail.quantity.hint', { count: available })}
							value={draft}
							max={available}
							onChange={changeDraft}
						/>
						{courier ? (
							<Suspense
								fallback={
									<p role="status" className="flex items-center gap-2">
										<span aria-hidden="true" className="loading loading-spinner loading-sm" />
										{t('common.loading')}
									</p>
								}
							>
								<ShippingForm
									itemId={item.id}
									quantity={quantity}
									mode={courierMode}
									profile={profileCheck?.profile}
									onPay={(details, rate) => startCourierOrder(item.id, details, rate, locale)}
									t={t}
								/>
							</Suspense>
						) : (
							<div className="grid gap-2">
								<button
									type="button"
									className="btn btn-success btn-lg h-auto min-h-12 w-full py-3 text-base pointer-events-auto! sm:text-lg"
									disabled={!inRange}
									aria-disabled={noPhone || asking || undefined}
									aria-describedby={noPhone ? `${id}-no-phone` : undefined}
									onClick={() => void contact()}
								>
									{asking ? (
										<span aria-hidden="true" className="loading loading-spinner loading-sm" />
									) : (
										<WhatsAppIcon />
									)}
									{waitingList && !open
										? t('itemDetail.waitingList.join')
										: t('itemDetail.whatsapp.contact')}
									<span className="sr-only">{t('itemDetail.whatsapp.opensNewWindow')}</span>
								</button>
								{donorMessages && donorMessages.language !== locale && (
									<p className="text-sm" data-testid="donor-language">
										{t('itemDetail.whatsapp.donorLanguage', {
											language: t(`itemDetail.whatsapp.languages.${donorMessages.language}`),
										})}
									</p>
								)}
								{refusal && (
									<div role="alert" className="alert alert-error alert-vertical text-sm">
										<p>{refusal.message}</p>
										{refusal.limit && (
											<a href={localizePath('/my-requests', locale)} className="link font-semibold">
												{t('myRequests.actions.all')}
											</a>
										)}
									</div>
								)}
								{noPhone && (
									<p
										id={`${id}-no-phone`}
										className="rounded-field border border-warning bg-warning/25 px-3 py-2 text-sm"
									>
										{t('itemDetail.whatsapp.noPhoneNumber')}
									</p>
								)}
							</div>
						)}
					</>
				)}
			</div>
		</section>
	);
}
