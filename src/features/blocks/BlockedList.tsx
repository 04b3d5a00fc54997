import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '~/lib/api-client';
import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { showToast } from '~/lib/toast';
import type { BlockedPerson } from './blocks';

interface BlockedListProps extends IslandI18nProps {
	initial: BlockedPerson[];
}

/** The people the donor blocked, each with an unblock button (on `/profile`). */
function BlockedListIsland({ initial }: BlockedListProps) {
	const { t } = useTranslation();
	const [people, setPeople] = useState(initial);
	const [busy, setBusy] = useState<string | null>(null);

	async function unblock(person: BlockedPerson) {
		setBusy(person.id);
		try {
			setPeople(await apiFetch<BlockedPerson[]>(`/blocks/${person.id}`, { method: 'DELETE' }));
			void showToast('success', t('blocks.unblocked', { name: person.name }));
		} catch (failure) {
			void showToast('error', (failure as Error).message || t('common.error'));
		} finally {
			setBusy(null);
		}
	}

	if (people.length === 0) return <p className="text-sm">{t('blocks.empty')}</p>;
	return (
		<ul className="flex flex-col gap-2" data-testid="blocked-list">
			{people.map((person) => (
				<li key={person.id} className="flex items-center justify-between gap-3">
					<span className="font-semibold break-words">{person.name}</span>
					<button
						type="button"
						className="btn btn-sm btn-outline"
						disabled={busy === person.id}
						onClick={() => void unblock(person)}
					>
						{t('blocks.unblock')}
					</button>
				</li>
			))}
		</ul>
	);
}

/** The blocked list of `/profile`, an island. */
export const BlockedList = withTranslations(BlockedListIsland);
