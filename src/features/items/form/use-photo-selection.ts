import { useEffect, useMemo, useState } from 'react';
import { sharedPhotosParam } from '~/features/web-app/web-app';
import type { EditableItem, ItemFormMode, PhotoSelection } from './item-form';
import type { PickedPhoto, SavedPhoto } from './PhotoPicker';

/**
 * The photos of an item form: the saved ones (edit), which of them are marked for deletion, and
 * the new picks. `onChange` runs after every change, for the form's touched and error state.
 */
export function usePhotoSelection(item: EditableItem | null, onChange: () => void) {
	const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
	const [added, setAdded] = useState<readonly PickedPhoto[]>([]);
	const saved = useMemo<SavedPhoto[]>(
		() => (item?.images ?? []).map((url, index) => ({ url, photo: item?.photos[index] })),
		[item],
	);
	const selection: PhotoSelection = {
		existing: item?.images ?? [],
		removed,
		added: added.length,
	};

	return {
		saved,
		removed,
		added,
		selection,
		add(photos: PickedPhoto[]) {
			setAdded((current) => [...current, ...photos]);
			onChange();
		},
		removeAdded(key: string) {
			const photo = added.find((candidate) => candidate.key === key);
			// The preview's object URL would otherwise hold the file's memory until the page closes.
			if (photo) URL.revokeObjectURL(photo.preview);
			setAdded((current) => current.filter((candidate) => candidate.key !== key));
			onChange();
		},
		/** Marks a saved photo for deletion, or keeps it again. */
		toggleSaved(url: string) {
			setRemoved((current) => {
				const next = new Set(current);
				if (!next.delete(url)) next.add(url);
				return next;
			});
			onChange();
		},
	};
}

/**
 * Photos shared into the app from another one (the system share sheet), when the listing form
 * opened with their marker: the code that takes them loads only then.
 */
export function useSharedPhotos(mode: ItemFormMode): readonly File[] | undefined {
	const [shared, setShared] = useState<readonly File[]>();
	useEffect(() => {
		const id = new URLSearchParams(window.location.search).get(sharedPhotosParam);
		if (mode !== 'add' || !id) return;
		void import('~/features/web-app/shared-photos')
			.then(({ takeSharedPhotos }) => takeSharedPhotos(id))
			.then(setShared, () => setShared([]));
	}, [mode]);
	return shared;
}
