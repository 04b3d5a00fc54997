import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '~/lib/api-client';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { showToast } from '~/lib/toast';
import { useHydrated } from '~/lib/hydrated';
import type { RankingsChoice as Choice } from './account';

/**
 * "Show me in the heroes rankings": a switch that leaves or rejoins the rankings at once, and
 * says so. A failed save puts the switch back.
 */
function RankingsChoiceIsland({ ranked: initial }: IslandI18nProps & { ranked: boolean }) {
	const { t } = useTranslation();
	const id = useId();
	const hydrated = useHydrated();
	const [ranked, setRanked] = useState(initial);
	const [saving, setSaving] = useState(false);

	async function choose(next: boolean) {
		setRanked(next);
		setSaving(true);
		try {
			await apiFetch<Choice>('/account/rankings', {
				method: 'PUT',
				body: JSON.stringify({ ranked: next }),
			});
			void showToast('success', t(next ? 'account.rankings.rejoined' : 'account.rankings.left'));
		} catch (failure) {
			setRanked(!next);
			void showToast('error', (failure as Error).message || t('account.rankings.failed'));
		}
		setSaving(false);
	}

	return (
		<label htmlFor={id} className="flex cursor-pointer items-center gap-3">
			<input
				id={id}
				type="checkbox"
				role="switch"
				className="toggle toggle-primary"
				checked={ranked}
				disabled={!hydrated || saving}
				onChange={(event) => void choose(event.currentTarget.checked)}
			/>
			<span>{t('account.rankings.label')}</span>
		</label>
	);
}

/** The rankings switch of `/my-data`. */
export const RankingsChoice = withTranslations(RankingsChoiceIsland);
