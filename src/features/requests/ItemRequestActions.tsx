import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityStepper } from '~/components/QuantityStepper';
import { requestLimits } from '~/config/limits';
import { clampQuantity } from '~/features/items/items';
import { useHydrated } from '~/lib/hydrated';
import { type RequestChange, reservableQuantity } from './item-requests';
import { emptyPickupDraft, PickupFields, pickupFieldsOf } from './PickupFields';
import type { ItemRequest, RequestAction } from './requests';

interface ItemRequestActionsProps {
	request: ItemRequest;
	/** The receiver's name, for the group's label. */
	name: string;
	/** A change to any request is under way. */
	busy: boolean;
	/** The change under way is this request's. */
	working: boolean;
	onChange: (request: ItemRequest, change: RequestChange) => void;
	onDecline: (request: ItemRequest) => void;
}

/** How many days an extension adds to a reservation. */
const extensionDays = Math.round(requestLimits.reservationMs / (24 * 60 * 60_000));

/**
 * What the donor may do with a request now (`request.actions`): reserve what was asked or fewer,
 * up to what is not yet reserved for others; hand over what was reserved or fewer; extend the
 * reservation; decline. Its parent gives it a new key when the request's figures change, so the
 * quantities start again from them.
 */
export function ItemRequestActions({
	request,
	name,
	busy,
	working,
	onChange,
	onDecline,
}: ItemRequestActionsProps) {
	const { t } = useTranslation();
	const id = useId();
	// Drawn by the server, the buttons wait for their handlers.
	const hydrated = useHydrated();
	const inactive = busy || !hydrated;
	const reservable = reservableQuantity(request);
	// What the quantity fields hold, as typed.
	const [reserveDraft, setReserveDraft] = useState(String(reservable));
	const [handOverDraft, setHandOverDraft] = useState(String(request.quantity));
	// A pickup time the donor may agree while reserving.
	const [pickupDraft, setPickupDraft] = useState(emptyPickupDraft);
	const reserveQuantity = clampQuantity(reserveDraft, reservable);
	const handOverQuantity = clampQuantity(handOverDraft, request.quantity);
	const offers = (action: RequestAction) => request.actions.includes(action);

	return (
		<div
			role="group"
			aria-label={t('itemRequests.actions.label', { name })}
			className="grid gap-3 border-t border-base-300 pt-3"
		>
			{offers('reserve') && reservable === 0 && (
				<p className="text-sm text-base-content/75">{t('itemRequests.actions.waitingList')}</p>
			)}
			{offers('reserve') && reservable > 0 && reservable < request.quantity && (
				<p className="text-sm text-base-content/75">
					{t('requests.errors.notEnoughLeft', { count: reservable })}
				</p>
			)}
			{offers('reserve') && reservable > 1 && (
				<QuantityStepper
					id={`${id}-reserve`}
					label={t('itemRequests.actions.reserveQuantity')}
					decreaseLabel={t('itemRequests.actions.decrease')}
					increaseLabel={t('itemRequests.actions.increase')}
					hint={t('itemRequests.actions.upTo', { count: reservable })}
					value={reserveDraft}
					max={reservable}
					disabled={inactive}
					compact
					onChange={setReserveDraft}
				/>
			)}
			{offers('reserve') && reservable > 0 && request.method === 'pickup' && (
				<details className="rounded-field border border-base-300 px-3 py-2">
					<summary className="cursor-pointer text-sm font-semibold">{t('pickup.optional')}</summary>
					<div className="mt-2">
						<PickupFields
							id={`${id}-pickup`}
							draft={pickupDraft}
							disabled={inactive}
							onChange={setPickupDraft}
						/>
					</div>
				</details>
			)}
			{offers('handOver') && request.quantity > 1 && (
				<QuantityStepper
					id={`${id}-hand-over`}
					label={t('itemRequests.actions.handOverQuantity')}
					decreaseLabel={t('itemRequests.actions.decrease')}
					increaseLabel={t('itemRequests.actions.increase')}
					hint={t('itemRequests.actions.upTo', { count: request.quantity })}
					value={handOverDraft}
					max={request.quantity}
					disabled={inactive}
					compact
					onChange={setHandOverDraft}
				/>
			)}
			<div className="flex flex-wrap items-center gap-2">
				{offers('reserve') && reservable > 0 && (
					<button
						type="button"
						className="btn btn-sm btn-primary"
						disabled={inactive}
						onClick={() =>
							onChange(request, {
								action: 'reserve',
								quantity: reserveQuantity,
								...pickupFieldsOf(pickupDraft),
							})
						}
					>
						{t('itemRequests.actions.reserve')}
					</button>
				)}
				{offers('handOver') && (
					<button
						type="button"
						className="btn btn-sm btn-primary"
						disabled={inactive}
						onClick={() => onChange(request, { action: 'handOver', quantity: handOverQuantity })}
					>
						{t('itemRequests.actions.handOver')}
					</button>
				)}
				{offers('extend') && (
					<button
						type="button"
						className="btn btn-outline btn-sm"
						disabled={inactive}
						onClick={() => onChange(request, { action: 'extend' })}
					>
						{t('itemRequests.actions.extend', { count: extensionDays })}
					</button>
				)}
				{offers('decline') && (
					<button
						type="button"
						className="btn btn-outline btn-sm btn-error"
						disabled={inactive}
						onClick={() => onDecline(request)}
					>
						{t('itemRequests.actions.decline')}
					</button>
				)}
				<span role="status" className="flex items-center gap-1 text-sm">
					{working && (
						<>
							<span aria-hidden="true" className="loading loading-xs loading-spinner" />
							{t('itemRequests.actions.saving')}
						</>
					)}
				</span>
			</div>
		</div>
	);
}
