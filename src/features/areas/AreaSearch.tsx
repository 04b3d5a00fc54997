import type { TFunction } from 'i18next';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { describedBy, FieldFrame } from '~/components/FormField';
import type { Area } from './areas';
import { type AreaSearchSource, type AreaSearchState, useAreaSearch } from './use-area-search';

/** A chosen district: its id for the API and its name for the field. */
export interface AreaChoice {
	id: string;
	name: string;
	/** The whole district when picked from the list, for forms that show its province and city. */
	area?: Area;
}

export interface AreaSearchProps {
	id: string;
	t: TFunction;
	/** The chosen district, or null while none is chosen. */
	value: AreaChoice | null;
	onChange: (area: AreaChoice | null) => void;
	onBlur?: () => void;
	error?: string | undefined;
	/** The field's label and hint, when not the profile's. */
	label?: string;
	hint?: string;
	source?: AreaSearchSource;
}

function statusText(t: TFunction, search: AreaSearchState): string {
	switch (search.status) {
		case 'tooShort':
			return t('profile.fields.areaMinChars', { min: search.minLength });
		case 'loading':
			return t('profile.fields.areaSearching');
		case 'error':
			return t('profile.fields.areaSearchFailed');
		case 'done':
			return search.areas.length
				? t('profile.fields.areaResults', { count: search.areas.length })
				: t('profile.fields.areaNoResults');
		default:
			return '';
	}
}

/**
 * The district field: a combobox (ARIA 1.2 pattern) that searches as the person types and lists
 * matches to pick with the mouse, touch or arrow keys and Enter; Escape closes the list.
 */
export function AreaSearch({
	id,
	t,
	value,
	onChange,
	onBlur,
	error,
	label = t('profile.fields.area'),
	hint,
	source,
}: AreaSearchProps) {
	const [query, setQuery] = useState(value?.name ?? '');
	const [open, setOpen] = useState(false);
	const [active, setActive] = useState(-1);
	// The chosen district's own name needs no search.
	const search = useAreaSearch(query, open && query !== value?.name, source);
	const areas = search.status === 'done' ? search.areas : [];
	const expanded = open && areas.length > 0;
	const listId = `${id}-listbox`;
	const optionId = (index: number) => `${id}-option-${index}`;

	useEffect(() => setActive(-1), [search]);
	useEffect(() => {
		if (active >= 0)
			document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
	});

	function choose(area: Area) {
		onChange({ id: area.id, name: area.name, area });
		setQuery(area.name);
		setOpen(false);
	}

	function type(text: string) {
		setQuery(text);
		setOpen(true);
		// Changing the text un-chooses the district, so a half-edited name is never saved.
		if (value) onChange(null);
	}

	function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		const last = areas.length - 1;
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault();
			setOpen(true);
			if (!expanded) return;
			const down = event.key === 'ArrowDown';
			setActive((index) =>
				down ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
			);
		} else if (event.key === 'Enter' && expanded) {
			// Enter picks the highlighted district instead of submitting the form.
			event.preventDefault();
			const area = areas[active];
			if (area) choose(area);
		} else if (event.key === 'Escape' && expanded) {
			event.preventDefault();
			setOpen(false);
		} else if (event.key === 'Escape' && !value) {
			setQuery('');
		}
	}

	const status = open ? statusText(t, search) : '';
	const statusId = `${id}-status`;
	return (
		<FieldFrame id={id} label={label} hint={hint} error={error}>
			<div className="relative">
				<input
					id={id}
					type="text"
					role="combobox"
					aria-autocomplete="list"
					aria-expanded={expanded}
					aria-controls={listId}
					aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
					aria-invalid={error ? true : undefined}
					aria-describedby={`${statusId} ${describedBy(id, { error, hint })}`.trim()}
					autoComplete="off"
					required
					placeholder={t('profile.fields.areaPlaceholder')}
					className={`input h-11 w-full text-base ${error ? 'input-error' : ''}`}
					value={query}
					onChange={(event) => type(event.currentTarget.value)}
					onKeyDown={handleKeyDown}
					onFocus={() => setOpen(true)}
					onBlur={() => {
						setOpen(false);
						onBlur?.();
					}}
				/>
				<ul
					id={listId}
					role="listbox"
					aria-label={label}
					hidden={!expanded}
					className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 text-base shadow-lg"
				>
					{areas.map((area, index) => (
						<li
							key={area.id}
							id={optionId(index)}
							role="option"
							aria-selected={index === active}
							className={`flex min-h-11 cursor-pointer items-center rounded-field px-3 py-2 ${
								index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
							}`}
							// Keeps the focus in the input, so its blur does not close the list first.
							onMouseDown={(event) => event.preventDefault()}
							onClick={() => choose(area)}
						>
							{area.name}
						</li>
					))}
				</ul>
			</div>
			<p
				id={statusId}
				role="status"
				className={`text-sm text-base-content/75 ${search.status === 'done' && areas.length ? 'sr-only' : ''}`}
			>
				{status}
			</p>
		</FieldFrame>
	);
}
