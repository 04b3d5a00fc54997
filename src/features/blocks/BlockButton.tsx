import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '~/lib/api-client';
import { showToast } from '~/lib/toast';

interface BlockButtonProps {
	userId: string;
	name: string;
	/** Whether the viewer has blocked them already. */
	blocked: boolean;
	/** The block was made or lifted: their requests may have changed with it. */
	onChange?: () => void;
}

/**
 * Blocks the other person of a request (or of a public profile) after the viewer confirms, or
 * unblocks them again: while blocked, neither can request the other's items or see the other's
 * phone.
 */
export function BlockButton({ userId, name, blocked, onChange }: BlockButtonProps) {
	const { t } = useTranslation();
	const [step, setStep] = useState<'idle' | 'asking' | 'blocked'>(blocked ? 'blocked' : 'idle');
	const [busy, setBusy] = useState(false);

	async function change(block: boolean) {
		setBusy(true);
		try {
			await apiFetch(`/blocks/${userId}`, { method: block ? 'PUT' : 'DELETE' });
			setStep(block ? 'blocked' : 'idle');
			void showToast('success', t(block ? 'blocks.blocked' : 'blocks.unblocked', { name }));
			onChange?.();
		} catch (failure) {
			void showToast('error', (failure as Error).message || t('common.error'));
		} finally {
			setBusy(false);
		}
	}

	if (step === 'asking') {
		return (
			<div className="flex flex-col gap-2 rounded-field border border-base-300 p-3 text-sm">
				<p>{t('blocks.blockConfirm', { name })}</p>
				<div className="flex gap-2">
					<button
						type="button"
						className="btn btn-sm btn-error"
						disabled={busy}
						onClick={() => void change(true)}
					>
						{t('blocks.block')}
					</button>
					<button type="button" className="btn btn-ghost btn-sm" onClick={() => setStep('idle')}>
						{t('blocks.cancel')}
					</button>
				</div>
			</div>
		);
	}
	return (
		<button
			type="button"
			className="btn btn-ghost btn-sm self-start text-base-content/75"
			disabled={busy}
			onClick={() => (step === 'blocked' ? void change(false) : setStep('asking'))}
		>
			{t(step === 'blocked' ? 'blocks.unblock' : 'blocks.block')}
		</button>
	);
}
