import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { ModalDialog } from '~/components/ModalDialog';
import { type DeclineReason, declineReasons } from '~/features/requests/requests';
import { ApiError } from '~/lib/api-client';
import { formatDate } from '~/lib/format';
import { formatTime } from '~/lib/format-time';
import type { Locale } from '~/lib/i18n/locales';
import { showToast } from '~/lib/toast';
import { paymentPath } from './courier-orders';
import { OrderSummary } from './OrderSummary';
import type { CourierOrder } from './orders';
import { declineOrder, orderStep, requestOrderQuery } from './orders.queries';

interface OrderPanelProps {
	requestId: number;
	locale: Locale;
	t: TFunction;
}

/** The shipment's timeline, oldest first, in the reader's words where the step is known. */
function TrackingTimeline({
	order,
	locale,
	t,
}: {
	order: CourierOrder;
	locale: Locale;
	t: TFunction;
}) {
	if (order.tracking.length === 0) return <p className="text-sm">{t('orders.tracking.empty')}</p>;
	return (
		<ol
			className="grid gap-2 border-l-2 border-primary/40 pl-4 text-sm"
			aria-label={t('orders.tracking.title')}
		>
			{order.tracking.map((step) => (
				<li key={`${step.status}-${step.at}`} data-step={step.status}>
					<p className="font-semibold">
						{t(`orders.tracking.steps.${step.status}` as 'orders.tracking.steps.picked', {
							defaultValue: step.note || step.status,
						})}
					</p>
					<p className="text-base-content/75">
						{formatDate(step.at, locale)} {formatTime(step.at, locale)}
					</p>
				</li>
			))}
		</ol>
	);
}

/**
 * The courier order of a request, on the receiver's and the donor's request cards: its state,
 * summary, waybill and tracking, and the steps open to the viewer (pay or resume, cancel; ready
 * for pickup, decline with a reason).
 */
export function OrderPanel({ requestId, locale, t }: OrderPanelProps) {
	const id = useId();
	const client = useQueryClient();
	const query = useQuery(requestOrderQuery(requestId));
	const [busy, setBusy] = useState(false);
	const [asking, setAsking] = useState<'cancel' | 'decline' | null>(null);
	const [reason, setReason] = useState<DeclineReason>('notAvailable');

	if (query.isPending) return <p className="text-sm">{t('orders.panel.loading')}</p>;
	if (query.isError) {
		return (
			<p role="alert" className="text-sm text-error">
				{t('orders.panel.loadFailed')}
			</p>
		);
	}
	const order = query.data;

	const take = async (step: () => Promise<CourierOrder>) => {
		setBusy(true);
		try {
			client.setQueryData(requestOrderQuery(requestId).queryKey, await step());
			void showToast('success', t('orders.actions.done'));
			// The request moves with its order (reserved, handed over, ended): its lists are read again.
			await client.invalidateQueries({ queryKey: ['requests'] });
		} catch (error) {
			const message = error instanceof ApiError && error.message ? error.message : null;
			void showToast('error', message ?? t('orders.actions.failed'));
			await query.refetch();
		} finally {
			setBusy(false);
		}
	};
	const can = (action: CourierOrder['actions'][number]) => order.actions.includes(action);
	const unpaid = order.state === 'awaitingPayment' || order.state === 'pending';

	return (
		<section
			className="grid gap-3 rounded-box border border-base-300 p-3"
			aria-labelledby={`${id}-title`}
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h4 id={`${id}-title`} className="font-bold">
					{t('orders.panel.title')}
				</h4>
				<span className="badge badge-outline" data-order-state={order.state}>
					{t(`orders.states.${order.state}`)}
				</span>
			</div>
			<OrderSummary order={order} t={t} />
			{(order.state === 'shipped' || order.state === 'delivered') && (
				<div className="grid gap-2">
					<h5 className="font-semibold">{t('orders.tracking.title')}</h5>
					<TrackingTimeline order={order} locale={locale} t={t} />
				</div>
			)}
			{order.viewer === 'receiver' && order.state === 'delivered' && (
				<p className="text-sm">{t('orders.panel.confirmHint')}</p>
			)}
			<div className="flex flex-wrap gap-2">
				{order.viewer === 'receiver' && unpaid && (
					<a href={paymentPath(order.id, locale)} className="btn btn-primary btn-sm min-h-11">
						{t('orders.payment.resume')}
					</a>
				)}
				{can('readyForPickup') && (
					<button
						type="button"
						className="btn btn-primary btn-sm min-h-11"
						disabled={busy}
						onClick={() => void take(() => orderStep(order.id, 'ready'))}
					>
						{t('orders.actions.readyForPickup')}
					</button>
				)}
				{can('decline') && (
					<button
						type="button"
						className="btn btn-outline btn-error btn-sm min-h-11"
						disabled={busy}
						onClick={() => setAsking('decline')}
					>
						{t('orders.actions.decline')}
					</button>
				)}
				{(can('cancel') || can('cancelPaid')) && (
					<button
						type="button"
						className="btn btn-outline btn-error btn-sm min-h-11"
						disabled={busy}
						onClick={() => setAsking('cancel')}
					>
						{t('orders.actions.cancel')}
					</button>
				)}
			</div>
			<ModalDialog
				open={asking !== null}
				title={asking === 'decline' ? t('orders.actions.declineTitle') : t('orders.actions.cancel')}
				message={asking === 'decline' ? '' : t('orders.actions.cancelConfirm')}
				cancelLabel={t('orders.actions.keep')}
				confirmLabel={
					asking === 'decline' ? t('orders.actions.declineConfirm') : t('orders.actions.cancel')
				}
				busyLabel={t('orders.payment.paying')}
				onConfirm={() =>
					take(() =>
						asking === 'decline' ? declineOrder(order.id, reason) : orderStep(order.id, 'cancel'),
					)
				}
				onClose={() => setAsking(null)}
			>
				{(dialogBusy) =>
					asking === 'decline' ? (
						<fieldset className="grid gap-2" disabled={dialogBusy}>
							<legend className="mb-2 font-semibold">
								{t('itemRequests.declineDialog.reason')}
							</legend>
							{declineReasons.map((choice) => (
								<label key={choice} className="flex cursor-pointer items-center gap-3">
									<input
										type="radio"
										name={`${id}-reason`}
										value={choice}
										checked={reason === choice}
										className="radio radio-sm"
										onChange={() => setReason(choice)}
									/>
									<span>{t(`itemRequests.declineReasons.${choice}`)}</span>
								</label>
							))}
						</fieldset>
					) : null
				}
			</ModalDialog>
		</section>
	);
}
