import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/lib/api-client';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { OrderSummary } from './OrderSummary';
import { type CourierOrder, type PaymentOutcome, paymentOutcomes } from './orders';
import { orderStep, paySimulated } from './orders.queries';
import { type PaymentScreen, paymentScreenOf, paymentScreenText } from './payment-screens';
import { openSnap, type SnapSettings } from './snap';

interface PaymentPageProps extends IslandI18nProps {
	order: CourierOrder;
	/** The item's page, where an order that ended unpaid is made again; null once it is not available. */
	orderAgain: string | null;
	/** Snap.js and the client key when payments are real; null on the built-in page. */
	snap: SnapSettings | null;
}

/**
 * The payment page of an order: the summary, then Snap's popup (its redirect page as the
 * fallback) or, in the embedded mode, the built-in page with its five outcomes. What the browser
 * is told only picks the screen; the order's state always comes from the server.
 */
function PaymentPageIsland({ order: initial, orderAgain, locale, snap }: PaymentPageProps) {
	const { t } = useTranslation();
	const [order, setOrder] = useState(initial);
	const [outcome, setOutcome] = useState<PaymentOutcome>('success');
	const [busy, setBusy] = useState(false);
	const [shown, setShown] = useState<PaymentScreen | null>(null);
	const [notReady, setNotReady] = useState(false);
	const simulated = order.payment?.simulated ?? false;
	const screen = shown ?? paymentScreenOf(order.state);
	const unpaid = order.state === 'awaitingPayment' || order.state === 'pending';

	const run = async (step: () => Promise<CourierOrder>) => {
		setBusy(true);
		setNotReady(false);
		try {
			setOrder(await step());
			setShown(null);
		} catch (error) {
			setNotReady(!(error instanceof ApiError) || error.code !== 'ORDER_CONFLICT');
		} finally {
			setBusy(false);
		}
	};

	const payWithSnap = async () => {
		const payment = order.payment;
		if (!snap || !payment?.token) return setNotReady(true);
		setBusy(true);
		const opened = await openSnap(snap, payment.token, (callback) => {
			// Snap's callbacks come from the browser: they choose a screen, then the server says.
			setShown(callback);
			void run(() => orderStep(order.id, 'resume'));
		});
		setBusy(false);
		if (!opened) {
			if (payment.redirectUrl) window.location.assign(payment.redirectUrl);
			else setNotReady(true);
		}
	};

	const told = screen === 'choose' ? null : screen;
	const text = told && paymentScreenText[told];
	return (
		<div className="grid gap-6">
			{simulated && (
				<div role="note" className="alert alert-warning alert-vertical sm:alert-horizontal">
					<span className="badge badge-neutral font-semibold">
						{t('orders.payment.simulationBadge')}
					</span>
					<p>{t('orders.payment.simulationNote')}</p>
				</div>
			)}
			<OrderSummary order={order} t={t} />
			{text && (
				<div role="status" className={`alert ${text.tone}`} data-screen={screen}>
					<div className="grid gap-1">
						<p className="font-semibold">{t(`orders.payment.screens.${told!}.title`)}</p>
						<p>{t(`orders.payment.screens.${told!}.detail`)}</p>
						{text.again && !orderAgain && <p>{t('orders.payment.notAvailable')}</p>}
					</div>
				</div>
			)}
			{notReady && (
				<div role="alert" className="alert alert-error">
					<p>{t('orders.payment.notReady')}</p>
				</div>
			)}
			{unpaid && simulated && (
				<fieldset className="grid gap-2" disabled={busy}>
					<legend className="mb-2 font-semibold">{t('orders.payment.title')}</legend>
					{paymentOutcomes.map((choice) => (
						<label key={choice} className="flex cursor-pointer items-center gap-3">
							<input
								type="radio"
								name="outcome"
								value={choice}
								checked={outcome === choice}
								className="radio radio-sm"
								onChange={() => setOutcome(choice)}
							/>
							<span>{t(`orders.payment.outcomes.${choice}`)}</span>
						</label>
					))}
				</fieldset>
			)}
			<div className="flex flex-wrap gap-3">
				{unpaid && (
					<button
						type="button"
						className="btn btn-primary min-h-12 w-full sm:w-auto"
						disabled={busy}
						onClick={() =>
							void (simulated ? run(() => paySimulated(order.id, outcome)) : payWithSnap())
						}
					>
						{busy && <span aria-hidden="true" className="loading loading-spinner loading-sm" />}
						{busy
							? t('orders.payment.paying')
							: order.state === 'pending'
								? t('orders.payment.resume')
								: t('orders.payment.payNow')}
					</button>
				)}
				{!simulated && unpaid && order.payment?.redirectUrl && (
					<a href={order.payment.redirectUrl} className="btn btn-ghost min-h-12">
						{t('orders.payment.openPaymentPage')}
					</a>
				)}
				{text?.again && orderAgain && (
					<a href={orderAgain} className="btn btn-primary min-h-12 w-full sm:w-auto">
						{t('orders.payment.payAgain')}
					</a>
				)}
				<a href={localizePath('/my-requests', locale)} className="btn btn-outline min-h-12">
					{t('orders.payment.backToRequests')}
				</a>
			</div>
		</div>
	);
}

export const PaymentPage = withTranslations(PaymentPageIsland);
