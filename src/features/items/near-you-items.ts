/**
 * The home page's "near you" row, in plain TypeScript like the latest items: for a visitor who
 * may be signed in, one request for the nearest available items; the row stays hidden for
 * everyone else, and for anyone without a district of their own (the API refuses "near me").
 */
import { mayBeSignedIn } from '~/components/account-state';
import type { Locale } from '~/lib/i18n/locales';
import { type CardLabels, cardView, toCardItem } from './item-card';
import type { ItemList } from './items';
import { fillCard } from './latest-items';

/** How many nearby items the row shows: one row of four on a wide screen. */
const nearYouCount = 4;

/** Fills and shows the row when the visitor has nearby items. */
export async function startNearYouItems(section: HTMLElement): Promise<void> {
	if (!mayBeSignedIn()) return;
	const response = await fetch(`/api/items?near=me&status=available&limit=${nearYouCount}`, {
		headers: { Accept: 'application/json' },
	});
	if (!response.ok) return;
	const { data } = (await response.json()) as { data: ItemList };
	if (data.items.length === 0) return;
	const labels = JSON.parse(section.dataset['labels'] ?? '{}') as CardLabels;
	const locale = (section.dataset['locale'] ?? 'id') as Locale;
	const template = section.querySelector<HTMLTemplateElement>('[data-near-card]')!;
	section.querySelector('[data-near-list]')!.replaceChildren(
		...data.items.map((item, index) => {
			const card = template.content.cloneNode(true) as DocumentFragment;
			fillCard(card, cardView(toCardItem(item), labels, locale, index), labels.noPhoto);
			const entry = document.createElement('li');
			entry.append(card);
			return entry;
		}),
	);
	section.hidden = false;
}
