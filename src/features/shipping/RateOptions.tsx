import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError } from '~/lib/api-client';
import { formatRupiah } from '~/lib/format';
import { durationText, type RateOption, type RateQuote, sameService } from './shipping';

interface RateOptionsProps {
	id: string;
	/** The rates of the chosen destination; null while no district is chosen. */
	rates: UseQueryResult<RateQuote> | null;
	selected: Pick<RateOption, 'courierCode' | 'serviceCode'> | null;
	onSelect: (rate: RateOption) => void;
	insurance: boolean;
	onInsurance: (insured: boolean) => void;
	/** The rule's message ("choose a courier", "invalid courier"), once the form shows errors. */
	error: string | undefined;
	t: TFunction;
}

/** What the receiver reads when no rates came: the product's messages by the server's code. */
function failureText(error: unknown, t: TFunction): string {
	if (!(error instanceof ApiError)) return t('shipping.rates.failed');
	if (error.code === 'NO_SHIPPING_SERVICES') return t('shipping.rates.noServices');
	if (error.code === 'LOCATION_NOT_FOUND')
		return error.message || t('shipping.rates.locationNotFound');
	const field = error.fields['quantity'];
	if (field) return t(field as 'shipping.errors.quantityTooMany');
	return t('shipping.rates.failed');
}

/**
 * The courier services for the destination, one radio each with courier, service, estimated
 * duration, price and insurance fee, then the insurance opt-in; loading and failure states.
 */
export function RateOptions(props: RateOptionsProps) {
	const { id, rates, selected, onSelect, insurance, onInsurance, error, t } = props;
	const errorId = `${id}-error`;
	return (
		<fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
			<legend className="mb-2 font-semibold">{t('shipping.rates.heading')}</legend>
			{!rates && <p className="text-sm text-base-content/75">{t('shipping.rates.needsArea')}</p>}
			{rates?.isPending && (
				<p role="status" className="flex items-center gap-2 text-sm">
					<span aria-hidden="true" className="loading loading-spinner loading-sm" />
					{t('shipping.rates.loading')}
				</p>
			)}
			{rates?.isError && (
				<div role="alert" className="alert alert-error alert-vertical text-sm sm:alert-horizontal">
					<span>{failureText(rates.error, t)}</span>
					<button type="button" className="btn btn-sm" onClick={() => void rates.refetch()}>
						{t('shipping.rates.retry')}
					</button>
				</div>
			)}
			{rates?.data?.rates.map((rate) => {
				const checked = selected !== null && sameService(rate, selected);
				return (
					<label
						key={`${rate.courierCode}:${rate.serviceCode}`}
						className={`flex cursor-pointer gap-3 rounded-box border p-3 ${
							checked ? 'border-2 border-primary bg-primary/5' : 'border-base-300'
						}`}
					>
						<input
							type="radio"
							name={`${id}-rate`}
							className="radio radio-primary mt-0.5"
							checked={checked}
							onChange={() => onSelect(rate)}
						/>
						<span className="grid flex-1 gap-0.5">
							{/* The price keeps its corner beside the name, however long the name. */}
							<span className="flex items-start justify-between gap-3 font-semibold">
								<span className="min-w-0 break-words" data-rate-name>
									{rate.courierName} · {rate.serviceName}
								</span>
								<span className="shrink-0 tabular-nums" data-rate-price>
									{formatRupiah(rate.price)}
								</span>
							</span>
							<span className="text-sm text-base-content/75">
								{durationText(rate.durationRange, t)}
							</span>
							{insurance && (
								<span className="text-sm text-base-content/75">
									{rate.insuranceFee === null
										? t('shipping.rates.noInsurance')
										: t('shipping.rates.insuranceFee', { amount: formatRupiah(rate.insuranceFee) })}
								</span>
							)}
						</span>
					</label>
				);
			})}
			{/* Insurance is chosen after the rate it adds a fee to, once there are rates to read. */}
			{rates?.data && rates.data.rates.length > 0 && (
				<label className="mt-1 flex cursor-pointer items-start gap-3 border-t border-base-300 pt-4 text-sm">
					<input
						type="checkbox"
						className="checkbox checkbox-primary checkbox-sm mt-0.5"
						checked={insurance}
						onChange={(event) => onInsurance(event.currentTarget.checked)}
					/>
					<span className="grid gap-0.5">
						<span className="font-medium">{t('shipping.rates.insurance')}</span>
						<span className="text-base-content/75">{t('shipping.rates.insuranceHint')}</span>
					</span>
				</label>
			)}
			{error && (
				<p id={errorId} className="text-sm text-error">
					{error}
				</p>
			)}
		</fieldset>
	);
}
