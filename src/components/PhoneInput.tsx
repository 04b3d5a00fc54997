import { type ChangeEvent, useLayoutEffect, useRef } from 'react';
import { profileLimits } from '~/config/limits';
import { formatPhoneDigits, phoneLocalDigits } from '~/lib/phone';
import { FieldFrame, describedBy } from './FormField';

export interface PhoneInputProps {
	id: string;
	label: string;
	/** The digits after +62, at most 12. */
	value: string;
	onChange: (digits: string) => void;
	onBlur?: () => void;
	hint?: string | undefined;
	error?: string | undefined;
}

const maxDigits = profileLimits.phoneMaxDigits;

/**
 * The digits after +62 in what was typed or pasted. A whole number pasted as `+62 812…`,
 * `0812…` or `62812…` loses its country code or trunk zero, since the field shows +62 already.
 */
function digitsFromInput(raw: string): string {
	const text = raw.trim();
	if (text.startsWith('+')) return phoneLocalDigits(text);
	let digits = text.replace(/\D/g, '');
	if (digits.length > maxDigits && digits.startsWith('62')) digits = digits.slice(2);
	return digits.replace(/^0+/, '').slice(0, maxDigits);
}

/** The position in `formatted` just after its `count`-th digit. */
function positionAfterDigits(formatted: string, count: number): number {
	let seen = 0;
	let position = 0;
	while (position < formatted.length && seen < count) {
		if (/\d/.test(formatted[position]!)) seen++;
		position++;
	}
	return position;
}

/**
 * A WhatsApp number field with a fixed +62 prefix: digits only, at most 12, shown grouped with
 * dashes (812-3456-7890). The value in and out is the bare digits.
 */
export function PhoneInput({ id, label, value, onChange, onBlur, hint, error }: PhoneInputProps) {
	const inputRef = useRef<HTMLInputElement>(null);
	// Regrouping moves the caret to the end; this remembers how many digits should precede it.
	const caretDigits = useRef<number | null>(null);

	useLayoutEffect(() => {
		const input = inputRef.current;
		const count = caretDigits.current;
		caretDigits.current = null;
		if (!input || count === null || document.activeElement !== input) return;
		const position = positionAfterDigits(input.value, count);
		input.setSelectionRange(position, position);
	});

	function handleChange(event: ChangeEvent<HTMLInputElement>) {
		const raw = event.currentTarget.value;
		const caret = event.currentTarget.selectionStart ?? raw.length;
		let before = raw.slice(0, caret).replace(/\D/g, '').length;
		let digits = digitsFromInput(raw);
		const deletingBack = (event.nativeEvent as InputEvent).inputType === 'deleteContentBackward';
		// Backspace right after a dash removes only the dash, which regrouping puts back at once:
		// remove the digit before it instead, as the person meant.
		if (deletingBack && digits === value && before > 0) {
			digits = value.slice(0, before - 1) + value.slice(before);
			before--;
		}
		caretDigits.current = Math.min(before, digits.length);
		onChange(digits);
	}

	return (
		<FieldFrame id={id} label={label} hint={hint} error={error}>
			{/* A second label: tapping +62 focuses the input, and the name reads "… +62". */}
			<label className={`input h-11 w-full text-base ${error ? 'input-error' : ''}`}>
				<span className="label text-base-content">+62</span>
				<input
					ref={inputRef}
					id={id}
					type="tel"
					inputMode="numeric"
					autoComplete="tel-national"
					required
					value={formatPhoneDigits(value)}
					onChange={handleChange}
					onBlur={onBlur}
					aria-invalid={error ? true : undefined}
					aria-describedby={describedBy(id, { hint, error }) || undefined}
				/>
			</label>
		</FieldFrame>
	);
}
