import type { TFunction } from 'i18next';
import { ModalDialog, useLastShown } from '~/components/ModalDialog';
import type { CardItem } from './item-card';

interface DeleteItemDialogProps {
	t: TFunction;
	/** The item to ask about; the dialog is open while there is one. */
	item: CardItem | null;
	/** Deletes the item; the dialog closes when it settles. */
	onConfirm: (item: CardItem) => Promise<void>;
	/** The dialog has closed (cancelled, or after `onConfirm`); focus is back on the page. */
	onClose: () => void;
}

/** Asks before deleting an item, naming it; focus returns to the delete button. */
export function DeleteItemDialog({ t, item, onConfirm, onClose }: DeleteItemDialogProps) {
	const shown = useLastShown(item);
	return (
		<ModalDialog
			open={item !== null}
			title={t('items.delete.title')}
			message={t('items.delete.message', { name: shown?.name ?? '' })}
			cancelLabel={t('items.delete.cancel')}
			confirmLabel={t('items.delete.confirm')}
			busyLabel={t('items.delete.deleting')}
			onConfirm={async () => {
				if (item) await onConfirm(item);
			}}
			onClose={onClose}
		/>
	);
}
