import type { TFunction } from 'i18next';

interface QuantityStepperProps {
	id: string;
	/** What the field holds, as typed. */
	draft: string;
	/** The draft as a quantity within 1..max (`clampQuantity`). */
	quantity: number;
	max: number;
	onChange: (draft: string) => void;
	t: TFunction;
}

/**
 * The quantity asked for: − and + buttons around a number field. A value typed out of range is
 * marked invalid and becomes the nearest allowed one when the field is left.
 */
export function QuantityStepper({ id, draft, quantity, max, onChange, t }: QuantityStepperProps) {
	const inRange = draft.trim() === String(quantity);
	return (
		<div>
			<label htmlFor={id} className="font-semibold">
				{t('itemDetail.quantity.label')}
			</label>
			<div className="join mt-2 flex">
				<button
					type="button"
					className="btn join-item"
					aria-label={t('itemDetail.quantity.decrease')}
					aria-controls={id}
					disabled={quantity <= 1}
					onClick={() => onChange(String(quantity - 1))}
				>
					−
				</button>
				<input
					id={id}
					type="number"
					inputMode="numeric"
					min={1}
					max={max}
					step={1}
					value={draft}
					aria-describedby={`${id}-hint`}
					aria-invalid={inRange ? undefined : true}
					className="input join-item w-20 text-center tabular-nums"
					onChange={(event) => onChange(event.target.value)}
					onBlur={() => onChange(String(quantity))}
				/>
				<button
					type="button"
					className="btn join-item"
					aria-label={t('itemDetail.quantity.increase')}
					aria-controls={id}
					disabled={quantity >= max}
					onClick={() => onChange(String(quantity + 1))}
				>
					+
				</button>
			</div>
			<p id={`${id}-hint`} className="mt-1 text-sm text-base-content/75">
				{t('itemDetail.quantity.hint', { count: max })}
			</p>
		</div>
	);
}
