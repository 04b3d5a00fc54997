import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ItemListView } from '~/features/items/item-list-url';
import { ApiError } from '~/lib/api-client';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { saveSearchRequest } from './saved-searches.queries';

interface SaveSearchButtonProps {
	t: TFunction;
	locale: Locale;
	/** The list as shown: its words, category and place are what is saved. */
	view: ItemListView;
}

/**
 * Saves the list's search and filters for a signed-in visitor, then says so with a link to the
 * saved searches; the server's translated message when it refuses (ten already, nothing to save).
 * Needs the `savedSearches` namespace.
 */
export function SaveSearchButton({ t, locale, view }: SaveSearchButtonProps) {
	const save = useMutation({
		mutationFn: () =>
			saveSearchRequest({
				...(view.search ? { search: view.search } : {}),
				...(view.category ? { category: view.category } : {}),
				...(view.province ? { province: view.province } : {}),
				...(view.regency ? { regency: view.regency } : {}),
			}),
	});
	const nothingToSave = !view.search && !view.category && !view.province;
	const failure =
		save.error instanceof ApiError && save.error.message
			? save.error.message
			: save.isError
				? t('savedSearches.saveFailed')
				: null;
	return (
		<div className="flex flex-col items-start gap-2" aria-live="polite">
			<button
				type="button"
				className="btn btn-outline btn-primary"
				disabled={nothingToSave || save.isPending}
				onClick={() => save.mutate()}
			>
				{save.isPending && (
					<span className="loading loading-sm loading-spinner" aria-hidden="true" />
				)}
				{t(save.isPending ? 'savedSearches.saving' : 'savedSearches.save')}
			</button>
			{save.isSuccess && (
				<p role="status" className="text-sm">
					{t('savedSearches.saved', { label: save.data.label })}{' '}
					<a className="link link-primary" href={localizePath('/saved-searches', locale)}>
						{t('savedSearches.manage')}
					</a>
				</p>
			)}
			{failure && (
				<p role="alert" className="text-sm text-error">
					{failure}
				</p>
			)}
		</div>
	);
}
