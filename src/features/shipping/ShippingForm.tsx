import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { TextField } from '~/components/FormField';
import { courierTotal } from '~/config/shipping';
import { PhoneInput } from '~/components/PhoneInput';
import { type OwnProfile } from '~/features/profiles/profiles';
import { ApiError } from '~/lib/api-client';
import { formatRupiah } from '~/lib/format';
import { fieldErrors } from '~/lib/field-errors';
import { CostSummary } from './CostSummary';
import { DestinationFields, fromArea } from './DestinationFields';
import { RateOptions } from './RateOptions';
import {
	type CourierMode,
	type RateOption,
	sameService,
	shippingFields,
	type ShippingDetails,
	shippingFormSchema,
} from './shipping';
import { draftFromProfile, type ShippingDraft, shippingInput } from './shipping-draft';
import { areaQuery, itemRatesQuery } from './shipping.queries';

export interface ShippingFormProps {
	itemId: number;
	/** Units asked for, from the pickup panel's stepper. */
	quantity: number;
	mode: CourierMode;
	/** The receiver's profile, which fills the form in; undefined while it loads. */
	profile: OwnProfile | null | undefined;
	/** Starts the payment of the checked details and the chosen service. */
	onPay: (details: ShippingDetails, rate: RateOption) => Promise<void>;
	t: TFunction;
}

/**
 * The courier shipping form: recipient, destination district with its
 * province and city, village, postal code and address, the courier services with their rates, the
 * cost summary and the Pay button. Loaded only when the receiver chooses courier delivery.
 */
export default function ShippingForm({
	itemId,
	quantity,
	mode,
	profile,
	onPay,
	t,
}: ShippingFormProps) {
	const id = useId();
	const fieldId = (field: string) => `${id}-${field}`;
	const [draft, setDraft] = useState<ShippingDraft>(() => draftFromProfile(profile));
	const [edited, setEdited] = useState(false);
	const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
	const [submitted, setSubmitted] = useState(false);
	const [insurance, setInsurance] = useState(false);
	const [selected, setSelected] = useState<Pick<RateOption, 'courierCode' | 'serviceCode'> | null>(
		null,
	);
	const [paying, setPaying] = useState(false);
	const [payError, setPayError] = useState<string | null>(null);
	const [courierRefused, setCourierRefused] = useState(false);

	// The profile may arrive after the form opens; it fills in only what nobody typed yet.
	useEffect(() => {
		if (profile && !edited) setDraft(draftFromProfile(profile));
	}, [profile, edited]);

	const areaId = draft.area?.id ?? '';
	const record = useQuery({ ...areaQuery(areaId), enabled: Boolean(areaId && !draft.area?.area) });
	const area = draft.area?.area ?? (record.data?.id === areaId ? record.data : undefined);
	const rates = useQuery({
		...itemRatesQuery(itemId, areaId, quantity, insurance),
		enabled: Boolean(areaId),
		// Ticking insurance below the rates asks for them again: the list stays while it does.
		placeholderData: (previous, previousQuery) =>
			previousQuery?.queryKey[3] === areaId && previousQuery.queryKey[4] === quantity
				? previous
				: undefined,
	});
	const rate = (selected && rates.data?.rates.find((r) => sameService(r, selected))) || null;

	const input = shippingInput(draft, area, { rate: selected, insurance, quantity });
	const parsed = shippingFormSchema.safeParse(input);
	const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
	const errorOf = (field: string) => {
		if ((fromArea as readonly string[]).includes(field) && errors['areaId']) return undefined;
		const key = errors[field];
		return key && (submitted || touched.has(field)) ? t(key as 'shipping.title') : undefined;
	};
	const courierError =
		courierRefused || (selected && rates.data && !rate)
			? t('shipping.rates.invalidCourier')
			: errorOf('courierCode');

	const update = (changes: Partial<ShippingDraft>) => {
		setEdited(true);
		setDraft((current) => ({ ...current, ...changes }));
	};
	const touch = (field: string) => setTouched((fields) => new Set(fields).add(field));
	const total = rate
		? courierTotal({ shipping: rate.price, insurance: insurance ? rate.insuranceFee : 0 })
		: null;

	const pay = async () => {
		if (paying) return;
		setSubmitted(true);
		setPayError(null);
		if (!parsed.success || !rate) {
			const first = shippingFields.find((field) => errors[field]) ?? 'courierCode';
			const target = (fromArea as readonly string[]).includes(first) ? 'areaId' : first;
			document.getElementById(fieldId(target))?.focus();
			return;
		}
		setPaying(true);
		try {
			await onPay(parsed.data, rate);
		} catch (error) {
			if (error instanceof ApiError && error.code === 'INVALID_COURIER') {
				setCourierRefused(true);
				void rates.refetch();
			} else {
				setPayError(
					error instanceof ApiError && error.message
						? error.message
						: t('shipping.summary.payFailed'),
				);
			}
		} finally {
			setPaying(false);
		}
	};

	return (
		<form
			noValidate
			aria-labelledby={fieldId('heading')}
			className="grid gap-5"
			onSubmit={(event) => {
				event.preventDefault();
				void pay();
			}}
		>
			<h3 id={fieldId('heading')} className="text-lg font-bold">
				{t('shipping.title')}
			</h3>
			{mode === 'simulated' && (
				<p role="note" className="alert alert-info text-sm">
					{t('shipping.simulationNote')}
				</p>
			)}
			<fieldset className="grid gap-1">
				<legend className="mb-1 font-semibold">{t('shipping.fields.recipient')}</legend>
				<TextField
					id={fieldId('recipientName')}
					label={t('shipping.fields.recipientName')}
					value={draft.recipientName}
					onChange={(recipientName) => update({ recipientName })}
					onBlur={() => touch('recipientName')}
					error={errorOf('recipientName')}
					autoComplete="name"
					required
				/>
				<PhoneInput
					id={fieldId('recipientPhone')}
					label={t('shipping.fields.recipientPhone')}
					hint={t('shipping.fields.recipientPhoneHint')}
					value={draft.phoneDigits}
					onChange={(phoneDigits) => update({ phoneDigits })}
					onBlur={() => touch('recipientPhone')}
					error={errorOf('recipientPhone')}
				/>
			</fieldset>
			<DestinationFields
				fieldId={fieldId}
				draft={draft}
				area={area}
				input={input}
				update={update}
				touch={touch}
				errorOf={errorOf}
				onAreaChange={() => {
					setSelected(null);
					setCourierRefused(false);
				}}
				t={t}
			/>
			<RateOptions
				id={fieldId('courierCode')}
				rates={areaId ? rates : null}
				selected={selected}
				onSelect={(chosen) => {
					setSelected(chosen);
					setCourierRefused(false);
				}}
				insurance={insurance}
				onInsurance={setInsurance}
				error={courierError}
				t={t}
			/>
			{total && <CostSummary total={total} t={t} />}
			{payError && (
				<p role="alert" className="alert alert-error text-sm">
					{payError}
				</p>
			)}
			<button
				type="submit"
				className="btn btn-primary btn-lg h-auto min-h-12 w-full py-3 text-base"
				aria-disabled={paying || undefined}
			>
				{paying && <span aria-hidden="true" className="loading loading-spinner loading-sm" />}
				{paying
					? t('shipping.summary.paying')
					: total
						? t('shipping.summary.pay', { amount: formatRupiah(total.total) })
						: t('shipping.summary.payPlain')}
			</button>
		</form>
	);
}
