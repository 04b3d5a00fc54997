import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { ModalDialog } from '~/components/ModalDialog';
import { thanksLimits } from '~/config/limits';
import { ApiError } from '~/lib/api-client';
import { showToast } from '~/lib/toast';
import { type SentThanks, thanksInputSchema } from './thanks';
import { deleteThanks, sendThanks } from './thanks.queries';

interface SayThanksProps {
	requestId: number;
	item: string;
	donor: string;
	/** The receiver's thank-you of this giving, once sent. */
	sent: SentThanks | undefined;
	onChanged: () => Promise<unknown>;
	t: TFunction;
}

/** Reads a chosen photo as a data URL, the way the API takes it. */
function readAsDataUrl(file: File): Promise<string> {
	return new Promise((resolve, reject) => {
		const reader = new FileReader();
		reader.onload = () => resolve(String(reader.result));
		reader.onerror = () => reject(reader.error ?? new Error('read failed'));
		reader.readAsDataURL(file);
	});
}

/**
 * "Say thanks" on a confirmed giving: a dialog with a message of up to 280 characters (counted
 * as typed) and an optional photo. Once sent, the card says so and offers to delete it.
 */
export function SayThanks({ requestId, item, donor, sent, onChanged, t }: SayThanksProps) {
	const id = useId();
	const [open, setOpen] = useState(false);
	const [message, setMessage] = useState('');
	const [photo, setPhoto] = useState<File | null>(null);
	const [error, setError] = useState<string | null>(null);
	const [deleting, setDeleting] = useState(false);

	if (sent) {
		return (
			<div className="flex flex-wrap items-center justify-between gap-2" data-testid="thanks-sent">
				<p className="text-sm font-semibold text-success">{t('thanks.sent')}</p>
				<button
					type="button"
					className="btn btn-ghost btn-xs"
					disabled={deleting}
					onClick={async () => {
						setDeleting(true);
						try {
							await deleteThanks(sent.id);
							void showToast('success', t('thanks.deleted'));
							await onChanged();
						} catch (failure) {
							void showToast(
								'error',
								failure instanceof ApiError && failure.message
									? failure.message
									: t('common.error'),
							);
						} finally {
							setDeleting(false);
						}
					}}
				>
					{t('thanks.delete')}
				</button>
			</div>
		);
	}

	async function send(): Promise<void | false> {
		if (photo && photo.size > thanksLimits.photoMaxBytes) {
			setError(t('thanks.errors.photoTooLarge'));
			return false;
		}
		const body = { message, photo: photo ? await readAsDataUrl(photo) : undefined };
		const checked = thanksInputSchema.safeParse(body);
		if (!checked.success) {
			setError(t(checked.error.issues[0]!.message as 'thanks.errors.messageRequired'));
			return false;
		}
		setError(null);
		try {
			await sendThanks(requestId, checked.data);
			void showToast('success', t('thanks.sent'));
			await onChanged();
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(
				field
					? t(field as 'thanks.errors.messageRequired')
					: failure instanceof ApiError && failure.message
						? failure.message
						: t('thanks.failed'),
			);
			return false;
		}
	}

	return (
		<>
			<button
				type="button"
				className="btn btn-primary btn-sm"
				aria-haspopup="dialog"
				onClick={() => setOpen(true)}
			>
				{t('thanks.say')}
			</button>
			<ModalDialog
				open={open}
				title={t('thanks.dialogTitle', { name: donor })}
				message={t('thanks.dialogIntro', { item })}
				cancelLabel={t('thanks.cancel')}
				confirmLabel={t('thanks.send')}
				confirmTone="btn-primary"
				busyLabel={t('thanks.sending')}
				onOpen={() => setError(null)}
				onConfirm={send}
				onClose={() => setOpen(false)}
			>
				{(busy) => (
					<div className="flex flex-col gap-3">
						<label className="fieldset" htmlFor={`${id}-message`}>
							<span className="fieldset-legend text-sm">{t('thanks.message')}</span>
							<textarea
								id={`${id}-message`}
								className="textarea w-full"
								rows={4}
								maxLength={thanksLimits.messageMax}
								value={message}
								disabled={busy}
								aria-describedby={`${id}-counter`}
								onChange={(event) => setMessage(event.currentTarget.value)}
							/>
							<span id={`${id}-counter`} className="label text-xs" aria-live="polite">
								{t('thanks.counter', { count: message.length, max: thanksLimits.messageMax })}
							</span>
						</label>
						<label className="fieldset" htmlFor={`${id}-photo`}>
							<span className="fieldset-legend text-sm">{t('thanks.photo')}</span>
							<input
								id={`${id}-photo`}
								type="file"
								accept="image/jpeg,image/png,image/webp"
								className="file-input w-full"
								disabled={busy}
								aria-describedby={`${id}-photo-hint`}
								onChange={(event) => setPhoto(event.currentTarget.files?.[0] ?? null)}
							/>
							<span id={`${id}-photo-hint`} className="label text-xs">
								{t('thanks.photoHint')}
							</span>
						</label>
						{error && (
							<p role="alert" className="alert alert-error text-sm">
								{error}
							</p>
						)}
					</div>
				)}
			</ModalDialog>
		</>
	);
}
