import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { savedSearchLimits } from '~/config/limits';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { islandRoot } from '~/lib/island-root';
import { showToast } from '~/lib/toast';
import { type SavedSearch, savedSearchListPath } from './saved-searches';
import { deleteSavedSearchRequest, savedSearchesQuery } from './saved-searches.queries';

interface SavedSearchListProps extends IslandI18nProps {
	/** The list as the server read it. */
	initialSearches: SavedSearch[];
}

/**
 * `/saved-searches`: each saved search opening its list (`/items` or `/needs`) and saying what it
 * matches, with a delete button; how many of the ten are used. Needs the `savedSearches` and `common` namespaces.
 */
export const SavedSearchList = islandRoot(function SavedSearchList({
	initialSearches,
	locale,
}: SavedSearchListProps) {
	const { t } = useTranslation();
	const client = useQueryClient();
	const searches = useQuery({ ...savedSearchesQuery(), initialData: initialSearches }).data;
	const remove = useMutation({
		mutationFn: deleteSavedSearchRequest,
		onSuccess: (_, id) => {
			client.setQueryData(savedSearchesQuery().queryKey, (list = []) =>
				list.filter((search) => search.id !== id),
			);
			void showToast('success', t('savedSearches.deleted'));
		},
		onError: () => void showToast('error', t('savedSearches.deleteFailed')),
	});
	const listPath = localizePath('/items', locale);

	if (searches.length === 0) {
		return (
			<div className="flex flex-col items-start gap-4 py-6">
				<p className="text-lg">{t('savedSearches.empty')}</p>
				<p>{t('savedSearches.emptyHint')}</p>
				<a href={listPath} className="btn btn-primary">
					{t('savedSearches.browse')}
				</a>
			</div>
		);
	}
	return (
		<div>
			<p className="mb-4 text-sm text-base-content/75">
				{t('savedSearches.count', { count: searches.length, max: savedSearchLimits.perUser })}
			</p>
			<ul className="flex flex-col gap-3">
				{searches.map((search) => (
					<li
						key={search.id}
						className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-4"
					>
						<div className="flex flex-col gap-1">
							<a
								href={`${localizePath(savedSearchListPath(search.targets), locale)}${search.query}`}
								className="link text-lg font-semibold"
							>
								{search.label}
							</a>
							<span className="text-sm text-base-content/75">
								{t('savedSearches.targetsLabel')}:{' '}
								<span className="badge badge-sm badge-outline">
									{t(`savedSearches.targets.${search.targets}`)}
								</span>
							</span>
						</div>
						<button
							type="button"
							className="btn btn-ghost btn-sm text-error"
							aria-label={t('savedSearches.deleteLabel', { label: search.label })}
							disabled={remove.isPending && remove.variables === search.id}
							onClick={() => remove.mutate(search.id)}
						>
							{t('savedSearches.delete')}
						</button>
					</li>
				))}
			</ul>
		</div>
	);
});
