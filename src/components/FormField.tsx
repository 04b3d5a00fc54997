import type { ChangeEvent, ReactNode } from 'react';

/** The ids of the texts that describe a field, as `aria-describedby` lists them. */
export function describedBy(id: string, parts: { hint?: unknown; error?: unknown }): string {
	return [parts.hint && `${id}-hint`, parts.error && `${id}-error`].filter(Boolean).join(' ');
}

/** `aria-invalid` and `aria-describedby` of a field with an optional hint and error. */
export function fieldAria(id: string, hint: string | undefined, error: string | undefined) {
	return {
		'aria-invalid': error ? true : undefined,
		'aria-describedby': describedBy(id, { hint, error }) || undefined,
	};
}

interface FieldFrameProps {
	id: string;
	label: string;
	hint?: string | undefined;
	error?: string | undefined;
	/** Shown after the hint, e.g. a character counter; hidden from screen readers. */
	aside?: ReactNode;
	children: ReactNode;
}

/** A labelled field with its hint and error below, tied to the input by ids. */
export function FieldFrame({ id, label, hint, error, aside, children }: FieldFrameProps) {
	return (
		<div className="fieldset">
			<label htmlFor={id} className="fieldset-legend text-sm">
				{label}
			</label>
			{children}
			{(hint || aside) && (
				<div className="flex justify-between gap-3 text-sm text-base-content/75">
					{hint && <p id={`${id}-hint`}>{hint}</p>}
					{aside && (
						<span aria-hidden="true" className="ml-auto tabular-nums">
							{aside}
						</span>
					)}
				</div>
			)}
			{error && (
				<p id={`${id}-error`} className="text-sm text-error">
					{error}
				</p>
			)}
		</div>
	);
}

interface TextFieldProps extends Omit<FieldFrameProps, 'children'> {
	value: string;
	onChange: (value: string) => void;
	onBlur: () => void;
	multiline?: boolean;
	required?: boolean;
	autoComplete?: string;
}

/** A text input or textarea in a `FieldFrame`. */
export function TextField({
	value,
	onChange,
	onBlur,
	multiline = false,
	required = false,
	autoComplete,
	...frame
}: TextFieldProps) {
	const { id, hint, error } = frame;
	const common = {
		id,
		value,
		onBlur,
		onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
			onChange(event.currentTarget.value),
		required,
		autoComplete,
		...fieldAria(id, hint, error),
	};
	return (
		<FieldFrame {...frame}>
			{multiline ? (
				<textarea
					{...common}
					rows={3}
					className={`textarea w-full text-base ${error ? 'textarea-error' : ''}`}
				/>
			) : (
				<input
					{...common}
					type="text"
					className={`input h-11 w-full text-base ${error ? 'input-error' : ''}`}
				/>
			)}
		</FieldFrame>
	);
}
