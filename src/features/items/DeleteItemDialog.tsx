import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
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

/**
 * Asks before deleting an item, naming it. A native modal `<dialog>` (focus kept inside, Escape
 * cancels, focus returns to the delete button); Cancel comes first, so it has the focus.
 */
export function DeleteItemDialog({ t, item, onConfirm, onClose }: DeleteItemDialogProps) {
	const dialog = useRef<HTMLDialogElement>(null);
	const titleId = useId();
	const messageId = useId();
	const [busy, setBusy] = useState(false);
	// The name stays while the dialog closes, so its text does not blank out.
	const [shown, setShown] = useState<CardItem | null>(item);

	useEffect(() => {
		if (!item || dialog.current?.open) return;
		setShown(item);
		dialog.current?.showModal();
	}, [item]);

	async function confirm() {
		if (!item) return;
		setBusy(true);
		try {
			await onConfirm(item);
		} finally {
			setBusy(false);
			dialog.current?.close();
		}
	}

	return (
		<dialog
			ref={dialog}
			className="modal"
			aria-labelledby={titleId}
			aria-describedby={messageId}
			onClose={onClose}
			onCancel={(event) => {
				if (busy) event.preventDefault();
			}}
		>
			<div className="modal-box">
				<h2 id={titleId} className="text-lg font-bold">
					{t('items.delete.title')}
				</h2>
				<p id={messageId} className="py-4">
					{t('items.delete.message', { name: shown?.name ?? '' })}
				</p>
				<div className="modal-action">
					<button
						type="button"
						className="btn"
						disabled={busy}
						onClick={() => dialog.current?.close()}
					>
						{t('items.delete.cancel')}
					</button>
					<button
						type="button"
						className="btn btn-error"
						disabled={busy}
						onClick={() => void confirm()}
					>
						{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
						{busy ? t('items.delete.deleting') : t('items.delete.confirm')}
					</button>
				</div>
			</div>
		</dialog>
	);
}
