import type { TFunction } from 'i18next';
import { TextField } from '~/components/FormField';
import type { Area } from '~/features/areas/areas';
import { AreaSearch } from '~/features/areas/AreaSearch';
import type { ShippingFormInput } from './shipping';
import { postalCodeOf, type ShippingDraft } from './shipping-draft';

/** Province, city and district: shown from the chosen district, whose own message covers them. */
export const fromArea = ['province', 'city', 'district'] as const;

interface DestinationFieldsProps {
	fieldId: (field: string) => string;
	draft: ShippingDraft;
	/** The chosen district's record, once known. */
	area: Area | undefined;
	input: ShippingFormInput;
	update: (changes: Partial<ShippingDraft>) => void;
	touch: (field: string) => void;
	/** The field's translated message, when the form shows it. */
	errorOf: (field: string) => string | undefined;
	/** Another district: the rates, and so the chosen service, change. */
	onAreaChange: () => void;
	t: TFunction;
}

/**
 * Where the parcel goes: the district from the area search with its province, city and district,
 * then the village, the postal code and the detail address.
 */
export function DestinationFields(props: DestinationFieldsProps) {
	const { fieldId, draft, area, input, update, touch, errorOf, onAreaChange, t } = props;
	return (
		<fieldset className="grid gap-1">
			<legend className="mb-1 font-semibold">{t('shipping.fields.destination')}</legend>
			<AreaSearch
				id={fieldId('areaId')}
				t={t}
				value={draft.area}
				onChange={(chosen) => {
					update({ area: chosen, postalCode: null });
					onAreaChange();
				}}
				onBlur={() => touch('areaId')}
				error={errorOf('areaId')}
			/>
			{area && (
				<dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-box bg-base-200 p-3 text-sm">
					{fromArea.map((field) => (
						<div key={field} className="contents">
							<dt className="text-base-content/75">{t(`shipping.fields.${field}`)}</dt>
							<dd>
								{input[field]}
								{errorOf(field) && <span className="block text-error">{errorOf(field)}</span>}
							</dd>
						</div>
					))}
				</dl>
			)}
			<TextField
				id={fieldId('village')}
				label={t('shipping.fields.village')}
				value={draft.village}
				onChange={(village) => update({ village })}
				onBlur={() => touch('village')}
				error={errorOf('village')}
				required
			/>
			<TextField
				id={fieldId('postalCode')}
				label={t('shipping.fields.postalCode')}
				value={postalCodeOf(draft, area)}
				onChange={(postalCode) => update({ postalCode })}
				onBlur={() => touch('postalCode')}
				error={errorOf('postalCode')}
				autoComplete="postal-code"
				required
			/>
			<TextField
				id={fieldId('address')}
				label={t('shipping.fields.address')}
				hint={t('shipping.fields.addressHint')}
				value={draft.address}
				onChange={(address) => update({ address })}
				onBlur={() => touch('address')}
				error={errorOf('address')}
				autoComplete="street-address"
				multiline
				required
			/>
		</fieldset>
	);
}
