import type { TFunction } from 'i18next';
import { ModalDialog, useLastShown } from '~/components/ModalDialog';

/** What the dialog names and marks. */
type GivenItem = { id: number; name: string };

interface MarkGivenDialogProps {
	t: TFunction;
	/** The item to ask about; the dialog is open while there is one. */
	item: GivenItem | null;
	/** Marks the item given; the dialog closes when it settles. */
	onConfirm: (item: GivenItem) => Promise<void>;
	/** The dialog has closed (cancelled, or after `onConfirm`); focus is back on the page. */
	onClose: () => void;
}

/**
 * Asks before marking an item given, naming it: its requests in progress are closed then, and
 * making it available again does not reopen them.
 */
export function MarkGivenDialog({ t, item, onConfirm, onClose }: MarkGivenDialogProps) {
	const shown = useLastShown(item);
	return (
		<ModalDialog
			open={item !== null}
			title={t('items.toggle.title')}
			message={t('items.toggle.message', { name: shown?.name ?? '' })}
			cancelLabel={t('items.toggle.cancel')}
			confirmLabel={t('items.toggle.confirm')}
			confirmTone="btn-primary"
			busyLabel={t('items.toggle.saving')}
			onConfirm={async () => {
				if (item) await onConfirm(item);
			}}
			onClose={onClose}
		/>
	);
}
