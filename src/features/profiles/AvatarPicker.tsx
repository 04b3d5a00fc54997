import type { TFunction } from 'i18next';
import { type ChangeEvent, useRef, useState } from 'react';
import { imageMimeTypes } from '~/config/limits';
import { type AvatarError, AvatarEncodingError, encodeAvatar } from './avatar';
import { describedBy } from '~/components/FormField';

export interface AvatarPickerProps {
	/** The id of the pick button, which takes the focus when the avatar is invalid. */
	id: string;
	t: TFunction;
	/** The avatar to show: the newly picked one, else the saved one, else a default. */
	src: string | null;
	/** The person's name, for the initials of the default avatar. */
	name: string;
	/** Receives the picked image as a scaled JPEG `data:` URL. */
	onPick: (dataUrl: string) => void;
	error?: string | undefined;
}

/** Up to two initials: "Siti Rahma" → "SR". */
function initials(name: string): string {
	return name
		.trim()
		.split(/\s+/)
		.slice(0, 2)
		.map((word) => word.charAt(0).toUpperCase())
		.join('');
}

function DefaultAvatar({ name }: { name: string }) {
	const letters = initials(name);
	return (
		<div className="avatar avatar-placeholder">
			<div className="w-24 rounded-full bg-neutral text-neutral-content">
				{letters ? (
					<span className="text-3xl" aria-hidden="true">
						{letters}
					</span>
				) : (
					<svg aria-hidden="true" viewBox="0 0 24 24" className="size-14" fill="currentColor">
						<path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5Z" />
					</svg>
				)}
			</div>
		</div>
	);
}

/**
 * The avatar field: shows the current photo (or initials), lets the person pick an image, checks
 * it and hands back a copy scaled to 800×800 at most, so a phone photo uploads quickly.
 */
export function AvatarPicker({ id, t, src, name, onPick, error }: AvatarPickerProps) {
	const fileRef = useRef<HTMLInputElement>(null);
	const [busy, setBusy] = useState(false);
	const [pickError, setPickError] = useState<AvatarError | null>(null);
	const shownError = pickError ? t(pickError) : error;
	const hint = t('profile.fields.avatarHint');

	async function handleFile(event: ChangeEvent<HTMLInputElement>) {
		const file = event.currentTarget.files?.[0];
		// Cleared so that picking the same file again after an error still triggers a change.
		event.currentTarget.value = '';
		if (!file) return;
		setBusy(true);
		setPickError(null);
		try {
			onPick(await encodeAvatar(file));
		} catch (cause) {
			setPickError(cause instanceof AvatarEncodingError ? cause.key : 'profile.errors.avatarError');
		} finally {
			setBusy(false);
		}
	}

	return (
		<div className="fieldset">
			<span id={`${id}-label`} className="fieldset-legend text-sm">
				{t('profile.fields.avatar')}
			</span>
			<div className="flex items-center gap-4">
				{src ? (
					<div className="avatar">
						<div className="w-24 rounded-full">
							<img src={src} alt="" width={96} height={96} />
						</div>
					</div>
				) : (
					<DefaultAvatar name={name} />
				)}
				<button
					id={id}
					type="button"
					className="btn h-11 btn-outline"
					disabled={busy}
					aria-labelledby={`${id}-label ${id}`}
					aria-describedby={describedBy(id, { hint, error: shownError })}
					onClick={() => fileRef.current?.click()}
				>
					{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
					{busy
						? t('profile.fields.avatarProcessing')
						: t(src ? 'profile.fields.changeAvatar' : 'profile.fields.chooseAvatar')}
				</button>
				<input
					ref={fileRef}
					type="file"
					accept={imageMimeTypes.join(',')}
					hidden
					tabIndex={-1}
					onChange={handleFile}
				/>
			</div>
			<p id={`${id}-hint`} className="text-sm text-base-content/75">
				{hint}
			</p>
			{shownError && (
				<p id={`${id}-error`} role="alert" className="text-sm text-error">
					{shownError}
				</p>
			)}
		</div>
	);
}
