import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { linkPlaceCode, type PlaceOption } from './places';
import { regenciesQuery } from './places.queries';
import { RegencyCombobox } from './RegencyCombobox';

interface PlaceFilterProps {
	t: TFunction;
	/** Every province (38 short names, rendered with the page). */
	provinces: readonly PlaceOption[];
	/** The chosen province and city as links carry them. */
	province: string | null;
	regency: string | null;
	onChange: (place: { province: string | null; regency: string | null }) => void;
}

/**
 * The place filter of `/items`: a province, then one of its cities or regencies, whose list is
 * fetched only once a province is chosen. Needs the `places` namespace.
 */
export function PlaceFilter({ t, provinces, province, regency, onChange }: PlaceFilterProps) {
	const provinceId = useId();
	const regencies = useQuery({ ...regenciesQuery(province ?? ''), enabled: province !== null });
	return (
		<fieldset className="flex flex-col gap-3 md:flex-row md:items-center">
			<legend className="sr-only">{t('places.filter.label')}</legend>
			<label className="select select-lg w-full md:w-auto">
				<span id={provinceId} className="label">
					{t('places.filter.province')}
				</span>
				<select
					name="province"
					aria-labelledby={provinceId}
					value={province ?? ''}
					onChange={(event) =>
						onChange({ province: event.currentTarget.value || null, regency: null })
					}
				>
					<option value="">{t('places.filter.allProvinces')}</option>
					{provinces.map((option) => (
						<option key={option.code} value={linkPlaceCode(option.code)}>
							{option.name}
						</option>
					))}
				</select>
			</label>
			{province && (
				<RegencyCombobox
					t={t}
					regencies={regencies.data ?? []}
					value={regency}
					disabled={!regencies.data}
					onChange={(next) => onChange({ province, regency: next })}
				/>
			)}
			{regencies.isError && (
				<p role="alert" className="text-sm text-error">
					{t('places.filter.loadFailed')}
				</p>
			)}
		</fieldset>
	);
}
