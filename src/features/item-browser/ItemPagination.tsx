import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';
import type { ItemListMeta } from '~/features/items/items';
import { pageNumbers } from './pagination';

interface ItemPaginationProps {
	meta: ItemListMeta;
	t: TFunction;
	/** The link of a page, so pages can be opened in a new tab and followed by crawlers. */
	hrefOf: (page: number) => string;
	onPage: (page: number) => void;
}

/** Previous/next, the page numbers with ellipses, and 'Page X of Y'. */
export function ItemPagination({ meta, t, hrefOf, onPage }: ItemPaginationProps) {
	const { page, totalPages } = meta;
	if (totalPages <= 1 && page <= 1) return null;

	function follow(target: number) {
		return (event: MouseEvent<HTMLAnchorElement>) => {
			// A modified click opens the page elsewhere, as a link should.
			if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
				return;
			event.preventDefault();
			onPage(target);
		};
	}

	function step(target: number, enabled: boolean, label: string) {
		return enabled ? (
			<a className="btn btn-sm sm:btn-md" href={hrefOf(target)} onClick={follow(target)}>
				{label}
			</a>
		) : (
			<button type="button" className="btn btn-sm sm:btn-md" disabled>
				{label}
			</button>
		);
	}

	return (
		<nav
			aria-label={t('items.pagination.label')}
			className="mt-10 flex flex-col items-center gap-4"
		>
			<div className="flex w-full max-w-md items-center justify-between gap-3">
				{step(page - 1, meta.hasPrevPage, t('items.pagination.previous'))}
				<p className="text-center text-sm font-semibold" data-testid="page-of">
					{t('items.pageOf', { page, total: totalPages })}
				</p>
				{step(page + 1, meta.hasNextPage, t('items.pagination.next'))}
			</div>
			<div className="join">
				{pageNumbers(page, totalPages).map((link, index) =>
					link === 'ellipsis' ? (
						<span
							key={`gap-${index}`}
							className="btn join-item btn-sm pointer-events-none"
							aria-hidden="true"
						>
							…
						</span>
					) : (
						<a
							key={link}
							className={`btn join-item btn-sm min-w-10 ${link === page ? 'btn-primary' : ''}`}
							href={hrefOf(link)}
							aria-label={t('items.pagination.page', { page: link })}
							aria-current={link === page ? 'page' : undefined}
							onClick={follow(link)}
						>
							{link}
						</a>
					),
				)}
			</div>
		</nav>
	);
}
