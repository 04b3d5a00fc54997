import type { TFunction } from 'i18next';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { imageMimeTypes, itemLimits } from '~/config/limits';
import type { ItemPhoto } from '../items';
import { PhotoError, preparePhoto } from './photo-resize';
import { PhotoTile, PlusIcon, RemovePhotoButton } from './PhotoTile';

/** A newly picked photo, ready to upload, with a local preview URL. */
export interface PickedPhoto {
	key: string;
	file: File;
	preview: string;
}

/** A saved photo: its URL in `item.images` and how to show it. */
export interface SavedPhoto {
	url: string;
	photo: ItemPhoto | undefined;
}

export interface PhotoPickerProps {
	/** The id of the add button, which takes the focus when the photos are invalid. */
	id: string;
	t: TFunction;
	saved: readonly SavedPhoto[];
	/** Saved photo URLs marked for deletion. */
	removed: ReadonlySet<string>;
	added: readonly PickedPhoto[];
	/** How many more photos fit. */
	room: number;
	onAdd: (photos: PickedPhoto[]) => void;
	onRemoveAdded: (key: string) => void;
	/** Marks a saved photo for deletion, or keeps it again. */
	onToggleSaved: (url: string) => void;
	/** Photos shared into the app from another one, taken as if picked here. */
	shared?: readonly File[] | undefined;
	error?: string | undefined;
}

let pickCounter = 0;

/**
 * The photo field: a preview grid with a remove button per photo and an add tile. Saved photos
 * (edit) carry an 'Existing' badge; removing one only marks it, with an undo. Picked files are
 * checked (JPEG, PNG, WebP; 5 MB) and scaled down before they join the grid.
 */
export function PhotoPicker(props: PhotoPickerProps) {
	const { id, t, saved, removed, added, room, error } = props;
	const fileRef = useRef<HTMLInputElement>(null);
	const [preparing, setPreparing] = useState(false);
	const [pickError, setPickError] = useState<string | null>(null);
	// The pressed button disappears (remove turns into undo and back): its replacement takes the
	// focus, so keyboard users stay where they were.
	const focusAfter = useRef<string | null>(null);
	useEffect(() => {
		if (!focusAfter.current) return;
		document.getElementById(focusAfter.current)?.focus();
		focusAfter.current = null;
	});
	const toggleSaved = (url: string, index: number) => {
		setPickError(null);
		focusAfter.current = `${id}-saved-${index}`;
		props.onToggleSaved(url);
	};
	const full = room === 0;
	// "At most 5 photos" says why the picker stopped at five: with a free place it has nothing left
	// to say, also when a photo was removed while the pick was still being prepared.
	const pickMessage = pickError === 'form.errors.imagesMax' && !full ? null : pickError;
	const shownError = pickMessage ? t(pickMessage as 'form.errors.imageType') : error;
	const hintId = `${id}-hint`;
	const errorId = `${id}-error`;

	async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
		const files = [...(event.currentTarget.files ?? [])];
		// Cleared so that picking the same file again after an error still triggers a change.
		event.currentTarget.value = '';
		await addFiles(files);
	}

	// Shared photos arrive once, after the form has loaded; they meet the same checks as picks.
	const { shared } = props;
	useEffect(() => {
		if (shared?.length) void addFiles(shared);
	}, [shared]);

	async function addFiles(files: readonly File[]) {
		if (files.length === 0) return;
		setPreparing(true);
		let problem: string | null = null;
		const photos: PickedPhoto[] = [];
		for (const file of files.slice(0, room)) {
			try {
				const prepared = await preparePhoto(file);
				photos.push({
					key: `photo-${++pickCounter}`,
					file: prepared,
					preview: URL.createObjectURL(prepared),
				});
			} catch (cause) {
				problem ??= cause instanceof PhotoError ? cause.key : 'form.errors.imageType';
			}
		}
		// A refused photo leaves a free place, which the count message would not explain.
		if (!problem && files.length > room) problem = 'form.errors.imagesMax';
		setPickError(problem);
		setPreparing(false);
		props.onAdd(photos);
	}

	const keptCount = saved.filter(({ url }) => !removed.has(url)).length;
	const coverUrl = saved.find(({ url }) => !removed.has(url))?.url;
	const describedBy = [hintId, shownError && errorId].filter(Boolean).join(' ');
	const coverBadge = 'badge badge-sm badge-primary';

	return (
		<div className="fieldset">
			<span id={`${id}-label`} className="fieldset-legend text-sm">
				{t('itemForm.photos.label')}
			</span>
			<p id={hintId} className="text-sm text-base-content/75">
				{t('itemForm.photos.hint')}
			</p>
			<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby={`${id}-label`}>
				{saved.map(({ url, photo }, index) => {
					const marked = removed.has(url);
					const label = t('itemForm.photos.photo', { index: index + 1 });
					return (
						<PhotoTile
							key={url}
							src={photo?.src ?? url}
							srcSet={photo?.srcset}
							alt={label}
							dimmed={marked}
							badges={
								<>
									<span className="badge badge-sm badge-neutral">
										{t('itemForm.photos.existing')}
									</span>
									{url === coverUrl && (
										<span className={coverBadge}>{t('itemForm.photos.cover')}</span>
									)}
									{marked && (
										<span className="badge badge-sm badge-error">
											{t('itemForm.photos.markedForDeletion')}
										</span>
									)}
								</>
							}
						>
							{marked ? (
								<button
									id={`${id}-saved-${index}`}
									type="button"
									className="btn absolute right-2 bottom-2 btn-sm"
									onClick={() => toggleSaved(url, index)}
								>
									{t('itemForm.photos.undo')} <span className="sr-only">({label})</span>
								</button>
							) : (
								<RemovePhotoButton
									id={`${id}-saved-${index}`}
									label={t('itemForm.photos.remove', { index: index + 1 })}
									onClick={() => toggleSaved(url, index)}
								/>
							)}
						</PhotoTile>
					);
				})}
				{added.map(({ key, preview }, index) => {
					const number = saved.length + index + 1;
					return (
						<PhotoTile
							key={key}
							src={preview}
							alt={t('itemForm.photos.photo', { index: number })}
							badges={
								<>
									<span className="badge badge-sm badge-success">{t('itemForm.photos.new')}</span>
									{keptCount === 0 && index === 0 && (
										<span className={coverBadge}>{t('itemForm.photos.cover')}</span>
									)}
								</>
							}
						>
							<RemovePhotoButton
								label={t('itemForm.photos.remove', { index: number })}
								onClick={() => {
									setPickError(null);
									focusAfter.current = id;
									props.onRemoveAdded(key);
								}}
							/>
						</PhotoTile>
					);
				})}
				<li>
					<button
						id={id}
						type="button"
						className={`btn flex aspect-square h-auto w-full flex-col gap-2 border-2 border-dashed btn-outline ${full || preparing ? 'btn-disabled' : ''}`}
						// Kept focusable when disabled, so a photo error can still lead the owner here.
						aria-disabled={full || preparing || undefined}
						aria-describedby={describedBy}
						aria-invalid={shownError ? true : undefined}
						onClick={() => {
							if (!full && !preparing) fileRef.current?.click();
						}}
					>
						{preparing ? (
							<span className="loading loading-md loading-spinner" aria-hidden="true" />
						) : (
							<PlusIcon />
						)}
						<span>{t(preparing ? 'itemForm.photos.preparing' : 'itemForm.photos.add')}</span>
						<span className="text-xs font-normal">
							{t('itemForm.photos.count', {
								count: keptCount + added.length,
								max: itemLimits.imagesMax,
							})}
						</span>
					</button>
				</li>
			</ul>
			<input
				ref={fileRef}
				type="file"
				accept={imageMimeTypes.join(',')}
				multiple
				hidden
				tabIndex={-1}
				onChange={handleFiles}
			/>
			{shownError && (
				<p id={errorId} role="alert" className="text-sm text-error">
					{shownError}
				</p>
			)}
		</div>
	);
}
