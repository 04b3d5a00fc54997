import type { TFunction } from 'i18next';
import { type KeyboardEvent, useId, useState } from 'react';
import { normalizeAreaQuery } from '~/features/areas/areas';
import { type CityOption, linkPlaceCode } from './places';

interface RegencyComboboxProps {
	t: TFunction;
	/** The province's cities and regencies; empty while they load. */
	regencies: readonly CityOption[];
	/** The chosen city's code as links carry it, or null for all of them. */
	value: string | null;
	onChange: (regency: string | null) => void;
	disabled?: boolean;
}

/**
 * The city/regency filter: a combobox (ARIA 1.2) that narrows the province's list as the visitor
 * types ("bandung" finds Kota Bandung, Kabupaten Bandung and Bandung Barat), picked by touch,
 * mouse or arrow keys and Enter. A native select of 27 to 40 names would have no typing on phones.
 */
export function RegencyCombobox({ t, regencies, value, onChange, disabled }: RegencyComboboxProps) {
	const id = useId();
	const chosen = regencies.find((regency) => linkPlaceCode(regency.code) === value) ?? null;
	const [query, setQuery] = useState<string | null>(null);
	const [open, setOpen] = useState(false);
	const [active, setActive] = useState(-1);
	const text = query ?? chosen?.name ?? '';
	const words = normalizeAreaQuery(query ?? '');
	const matches = words
		? regencies.filter((regency) => normalizeAreaQuery(regency.name).includes(words))
		: regencies;
	const options: (CityOption | null)[] = [null, ...matches];
	const expanded = open && !disabled;
	const optionId = (index: number) => `${id}-option-${index}`;

	function choose(regency: CityOption | null) {
		setQuery(null);
		setOpen(false);
		setActive(-1);
		onChange(regency && linkPlaceCode(regency.code));
	}

	function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		const last = options.length - 1;
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault();
			setOpen(true);
			const down = event.key === 'ArrowDown';
			setActive((index) =>
				down ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
			);
		} else if (event.key === 'Enter' && expanded) {
			event.preventDefault();
			if (active >= 0) choose(options[active] ?? null);
			else if (matches.length === 1) choose(matches[0]!);
		} else if (event.key === 'Escape') {
			setQuery(null);
			setOpen(false);
		}
	}

	return (
		<div className="relative w-full md:w-64">
			<label htmlFor={id} className="sr-only">
				{t('places.filter.regency')}
			</label>
			<input
				id={id}
				type="text"
				role="combobox"
				aria-autocomplete="list"
				aria-expanded={expanded}
				aria-controls={`${id}-listbox`}
				aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
				autoComplete="off"
				disabled={disabled}
				placeholder={chosen ? chosen.name : t('places.filter.allRegencies')}
				className="input input-lg w-full"
				value={text}
				onChange={(event) => {
					setQuery(event.currentTarget.value);
					setOpen(true);
					setActive(-1);
				}}
				onFocus={(event) => {
					event.currentTarget.select();
					setOpen(true);
				}}
				onBlur={() => {
					setOpen(false);
					setQuery(null);
				}}
				onKeyDown={handleKeyDown}
			/>
			<ul
				id={`${id}-listbox`}
				role="listbox"
				aria-label={t('places.filter.regency')}
				hidden={!expanded}
				className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 text-base shadow-lg"
			>
				{options.map((regency, index) => (
					<li
						key={regency?.code ?? 'all'}
						id={optionId(index)}
						role="option"
						aria-selected={index === active}
						className={`flex min-h-11 cursor-pointer items-center rounded-field px-3 py-2 ${
							index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
						}`}
						// Keeps the focus in the input, so its blur does not close the list first.
						onMouseDown={(event) => event.preventDefault()}
						onClick={() => choose(regency)}
					>
						{regency?.name ?? t('places.filter.allRegencies')}
					</li>
				))}
				{matches.length === 0 && (
					<li className="px-3 py-2 text-base-content/75">
						{t('places.filter.noRegency', { query: query ?? '' })}
					</li>
				)}
			</ul>
		</div>
	);
}
