import {
	type MouseEvent,
	type SubmitEvent,
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { islandRoot } from '~/lib/island-root';
import { localizePath } from '~/lib/i18n/locales';
import type { PlaceOption } from '~/features/places/places';
import { PlaceFilter } from '~/features/places/PlaceFilter';
import { SaveSearchButton } from '~/features/saved-searches/SaveSearchButton';
import { ItemCardSkeleton, ItemCardView } from '~/features/items/ItemCardView';
import { type CardList, cardClass, cardLabels } from '~/features/items/item-card';
import { type ItemListView, itemListSearch } from '~/features/items/item-list-url';
import { categories, itemPageSize } from '~/features/items/items';
import { ItemSortSelect } from './ItemSortSelect';
import { ItemPagination } from './ItemPagination';
import { useItemList } from './use-item-list';

/** How long typing must pause before the search runs. */
const searchDebounceMs = 300;

interface ItemBrowserProps extends IslandI18nProps {
	/** The view of the page's URL. */
	initialView: ItemListView;
	/** The page the server rendered, or `null` when it could not load one. */
	initialList: CardList | null;
	/** Every province, for the place filter. */
	provinces: readonly PlaceOption[];
	/** Whether the visitor is signed in with a district of their own, which "near me" orders by. */
	canSortNearMe: boolean;
	/** Whether the visitor is signed in, and so can save the search. */
	canSaveSearch: boolean;
}

/**
 * The `/items` list: search (debounced; a new search starts at page 1), sort or "near me",
 * category, province and city, the grid of cards and pagination, all kept in the URL so reload,
 * sharing and back/forward work; signed in, the search can be saved. Needs the `items`, `item`,
 * `common`, `places` and `savedSearches` namespaces.
 */
export const ItemBrowser = islandRoot(function ItemBrowser({
	initialView,
	initialList,
	provinces,
	canSortNearMe,
	canSaveSearch,
	...i18n
}: ItemBrowserProps) {
	const { t } = useTranslation();
	const labels = useMemo(() => cardLabels(t), [t]);
	const ids = { results: useId(), category: useId() };
	const [searchText, setSearchText] = useState(initialView.search);
	// Typing one search replaces its own history entry instead of adding one per pause.
	const searching = useRef(false);
	const { view, list, status, navigate, retry } = useItemList(
		initialView,
		initialList,
		(restored) => {
			searching.current = false;
			setSearchText(restored.search);
		},
	);
	const searchInput = useRef<HTMLInputElement>(null);
	const resultsHeading = useRef<HTMLHeadingElement>(null);

	useEffect(() => {
		searchInput.current?.focus();
	}, []);

	function go(next: ItemListView) {
		searching.current = false;
		navigate(next);
	}

	function runSearch(text: string) {
		if (text === view.search) return;
		navigate({ ...view, search: text, page: 1 }, searching.current ? 'replace' : 'push');
		searching.current = true;
	}

	useEffect(() => {
		const text = searchText.trim();
		if (text === view.search) return;
		const timer = setTimeout(() => runSearch(text), searchDebounceMs);
		return () => clearTimeout(timer);
	}, [searchText, view]);

	function submit(event: SubmitEvent) {
		event.preventDefault();
		runSearch(searchText.trim());
	}

	/** Back to the list without the search, in the same category and order. */
	const cleared: ItemListView = { ...view, search: '', page: 1 };

	function clearSearch(event: MouseEvent<HTMLAnchorElement>) {
		event.preventDefault();
		setSearchText('');
		go(cleared);
		searchInput.current?.focus();
	}

	function showPage(page: number) {
		go({ ...view, page });
		resultsHeading.current?.scrollIntoView({ block: 'start' });
		resultsHeading.current?.focus({ preventScroll: true });
	}

	const listPath = localizePath('/items', i18n.locale);
	const loading = status === 'loading';
	const items = list?.items ?? [];

	return (
		<div>
			<form role="search" onSubmit={submit} className="flex flex-col gap-3 md:flex-row">
				<label className="input input-lg w-full md:flex-1">
					<svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 opacity-60" fill="none">
						<circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
						<path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
					</svg>
					<input
						ref={searchInput}
						type="search"
						aria-label={t('items.search.label')}
						name="search"
						className="grow"
						placeholder={t('items.search.placeholder')}
						value={searchText}
						maxLength={100}
						autoComplete="off"
						enterKeyHint="search"
						onChange={(event) => setSearchText(event.currentTarget.value)}
					/>
				</label>
				<div className="grid gap-3 sm:grid-cols-2 md:flex">
					<ItemSortSelect
						t={t}
						view={view}
						canSortNearMe={canSortNearMe}
						onChange={(order) => go({ ...view, ...order, page: 1 })}
					/>
					<label className="select select-lg w-full md:w-auto">
						<span id={ids.category} className="label">
							{t('item.category.label')}
						</span>
						<select
							name="category"
							aria-labelledby={ids.category}
							value={view.category ?? ''}
							onChange={(event) => {
								const value = event.currentTarget.value;
								go({ ...view, category: categories.find((c) => c === value) ?? null, page: 1 });
							}}
						>
							<option value="">{t('item.category.all')}</option>
							{categories.map((category) => (
								<option key={category} value={category}>
									{labels.category[category]}
								</option>
							))}
						</select>
					</label>
				</div>
			</form>
			<div className="mt-3 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
				<PlaceFilter
					t={t}
					provinces={provinces}
					province={view.province}
					regency={view.regency}
					onChange={(place) => go({ ...view, ...place, page: 1 })}
				/>
				{canSaveSearch && (
					<SaveSearchButton key={itemListSearch(view)} t={t} locale={i18n.locale} view={view} />
				)}
			</div>

			<div className="mt-8 mb-4 flex min-h-8 items-center gap-3" aria-live="polite">
				{list && status !== 'error' && (
					<h2
						ref={resultsHeading}
						id={ids.results}
						tabIndex={-1}
						className="scroll-mt-24 text-xl font-bold focus:outline-none"
					>
						{t('items.results', { count: list.meta.total })}
					</h2>
				)}
				{loading && (
					<span className="flex items-center gap-2 text-sm">
						<span className="loading loading-sm loading-spinner" aria-hidden="true" />
						{t('items.loading')}
					</span>
				)}
			</div>

			{status === 'error' ? (
				<div role="alert" className="alert alert-error flex flex-wrap justify-between">
					<span>{t('items.loadFailed')}</span>
					<button type="button" className="btn btn-sm" onClick={retry}>
						{t('items.retry')}
					</button>
				</div>
			) : !list ? (
				<ul className={cardClass.grid} aria-hidden="true">
					{Array.from({ length: itemPageSize }, (_, index) => (
						<li key={index}>
							<ItemCardSkeleton />
						</li>
					))}
				</ul>
			) : items.length === 0 ? (
				<div className="flex flex-col items-center gap-4 py-16 text-center">
					<p className="text-lg">
						{view.search ? t('items.emptySearch', { search: view.search }) : t('items.empty')}
					</p>
					{view.search && (
						<a
							href={`${listPath}${itemListSearch(cleared)}`}
							className="btn btn-primary"
							onClick={clearSearch}
						>
							{t('items.clearSearch')}
						</a>
					)}
				</div>
			) : (
				<ul
					className={`${cardClass.grid} transition-opacity ${loading ? 'opacity-60' : ''}`}
					aria-labelledby={ids.results}
					aria-busy={loading}
				>
					{items.map((item, index) => (
						<li key={item.id}>
							<ItemCardView item={item} labels={labels} locale={i18n.locale} index={index} />
						</li>
					))}
				</ul>
			)}

			{list && status !== 'error' && (
				<ItemPagination
					meta={list.meta}
					t={t}
					hrefOf={(page) => `${listPath}${itemListSearch({ ...view, page })}`}
					onPage={showPage}
				/>
			)}
		</div>
	);
});
