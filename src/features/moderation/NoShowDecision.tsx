import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from '~/lib/api-client';
import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { showToast } from '~/lib/toast';
import type { NoShowDecision as Decision } from '~/features/requests/no-show-disputes';

interface NoShowDecisionProps extends IslandI18nProps {
	requestId: number;
}

const actionOf = { upheld: 'upholdNoShow', struck: 'strikeNoShow' } as const;

/** A disputed no-show's decision on the desk: a note, then keep it or strike it. */
function NoShowDecisionIsland({ requestId }: NoShowDecisionProps) {
	const { t } = useTranslation();
	const id = useId();
	const [note, setNote] = useState('');
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string | null>(null);

	async function decide(decision: Decision) {
		setBusy(true);
		setError(null);
		try {
			await apiFetch(`/moderation/no-show-disputes/${requestId}`, {
				method: 'POST',
				body: JSON.stringify({ decision, ...(note.trim() ? { note: note.trim() } : {}) }),
			});
			void showToast('success', t('moderation.done'));
			window.location.reload();
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(field ? t(field as 'moderation.errors.noteMax') : (failure as Error).message);
			setBusy(false);
		}
	}

	return (
		<div className="flex flex-col gap-2">
			<label className="fieldset" htmlFor={`${id}-note`}>
				<span className="fieldset-legend text-sm">{t('moderation.note')}</span>
				<input
					id={`${id}-note`}
					className="input input-sm w-full"
					value={note}
					maxLength={500}
					onChange={(event) => setNote(event.currentTarget.value)}
				/>
			</label>
			<div className="flex flex-wrap gap-2">
				{(['upheld', 'struck'] as const).map((decision) => (
					<button
						key={decision}
						type="button"
						disabled={busy}
						className={`btn btn-sm ${decision === 'struck' ? 'btn-error' : 'btn-outline'}`}
						onClick={() => void decide(decision)}
					>
						{t(`moderation.actions.${actionOf[decision]}`)}
					</button>
				))}
			</div>
			{error && (
				<p role="alert" className="alert alert-error text-sm">
					{error}
				</p>
			)}
		</div>
	);
}

/** The decision on one disputed no-show, an island of the desk. */
export const NoShowDecision = withTranslations(NoShowDecisionIsland);
