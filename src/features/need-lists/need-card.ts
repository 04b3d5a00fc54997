/**
 * A need's card as the lists draw it (`NeedCard.astro`): every label already in the page's
 * language, its age as words ("3 days ago").
 */
import type { TFunction } from 'i18next';
import { type Category, categories } from '~/features/items/items';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { NeedCard } from './need-lists';

/** A picture for each category, shown when a need has no photo. */
export const categoryIcons: Record<Category, string> = {
	clothing: '👕',
	electronics: '💻',
	furniture: '🪑',
	household: '🏠',
	books: '📚',
	kids: '🧸',
	sports: '⚽',
	other: '📦',
};

/** How long ago, in the largest unit that is at least one. */
const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
	['year', 365 * 24 * 60 * 60_000],
	['month', 30 * 24 * 60 * 60_000],
	['week', 7 * 24 * 60 * 60_000],
	['day', 24 * 60 * 60_000],
	['hour', 60 * 60_000],
	['minute', 60_000],
];

/** "3 hari yang lalu", "2 hours ago"; under a minute, "now". */
export function ageOf(createdAt: string, now: Date, locale: Locale): string {
	const elapsed = Math.max(0, now.getTime() - new Date(createdAt).getTime());
	const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
	for (const [unit, length] of units) {
		if (elapsed >= length) return format.format(-Math.floor(elapsed / length), unit);
	}
	return format.format(0, 'second');
}

/** Everything a need's card renders, already decided. */
export interface NeedCardView {
	href: string;
	title: string;
	categoryLabel: string;
	icon: string;
	urgentLabel: string | null;
	quantity: string;
	area: string;
	age: string;
	organisation: { name: string; verifiedLabel: string | null } | null;
	photo: NeedCard['photo'];
}

/** The card of `need` in the language of `t`. */
export function needCardView(
	need: NeedCard,
	t: TFunction,
	locale: Locale,
	now: Date,
): NeedCardView {
	const category = categories.includes(need.category) ? need.category : 'other';
	return {
		href: localizePath(`/needs/${need.id}`, locale),
		title: need.title,
		categoryLabel: t(`item.category.${category}`),
		icon: categoryIcons[category],
		urgentLabel: need.urgent ? t('needLists.card.urgent') : null,
		quantity: t('needLists.card.quantity', { count: need.quantity }),
		area: `${need.regencyName} · ${need.districtName}`,
		age: t('needLists.card.postedAgo', { ago: ageOf(need.createdAt, now, locale) }),
		organisation: need.organisation && {
			name: need.organisation.name,
			verifiedLabel: need.organisation.verified ? t('needLists.card.verified') : null,
		},
		photo: need.photo,
	};
}
