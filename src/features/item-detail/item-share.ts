import type { TFunction } from 'i18next';

/** What sharing an item sends: its name as the title, a line of text, and its address. */
export interface ItemShare {
	title: string;
	text: string;
	url: string;
	/** WhatsApp's own share page, for browsers without a system share sheet. */
	whatsappUrl: string;
}

/** The share of the item `name` at the absolute address `url`, in the viewer's language. */
export function itemShare(name: string, url: string, t: TFunction): ItemShare {
	const text = t('app.share.text', { name });
	return {
		title: name,
		text,
		url,
		whatsappUrl: `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`,
	};
}

/**
 * The share buttons of the page open the system share sheet where there is one; elsewhere they
 * stay links to WhatsApp's share page, as they work without scripts.
 */
export function setUpShareButtons(): void {
	if (typeof navigator.share !== 'function') return;
	for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-share-item]')) {
		link.addEventListener('click', (event) => {
			event.preventDefault();
			const { shareTitle = '', shareText = '', shareUrl = '' } = link.dataset;
			// Closing the sheet rejects the promise; there is nothing to tell the visitor then.
			navigator.share({ title: shareTitle, text: shareText, url: shareUrl }).catch(() => {});
		});
	}
}
