/** The app's own translations, so the tests read what a visitor of each language reads. */
import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import enFooter from '../../../locales/en/footer.json' with { type: 'json' };
import enHome from '../../../locales/en/home.json' with { type: 'json' };
import enLegal from '../../../locales/en/legal.json' with { type: 'json' };
import enNav from '../../../locales/en/nav.json' with { type: 'json' };
import enNotFound from '../../../locales/en/notFound.json' with { type: 'json' };
import enSupport from '../../../locales/en/support.json' with { type: 'json' };
import idCommon from '../../../locales/id/common.json' with { type: 'json' };
import idFooter from '../../../locales/id/footer.json' with { type: 'json' };
import idHome from '../../../locales/id/home.json' with { type: 'json' };
import idLegal from '../../../locales/id/legal.json' with { type: 'json' };
import idNav from '../../../locales/id/nav.json' with { type: 'json' };
import idNotFound from '../../../locales/id/notFound.json' with { type: 'json' };
import idSupport from '../../../locales/id/support.json' with { type: 'json' };

export const locales = ['id', 'en'] as const;
export type Locale = (typeof locales)[number];

/** Every page's translations in one locale, one key per file in `locales/<locale>/`. */
export const translations = {
	id: {
		common: idCommon,
		footer: idFooter,
		home: idHome,
		legal: idLegal,
		nav: idNav,
		notFound: idNotFound,
		support: idSupport,
	},
	en: {
		common: enCommon,
		footer: enFooter,
		home: enHome,
		legal: enLegal,
		nav: enNav,
		notFound: enNotFound,
		support: enSupport,
	},
} satisfies Record<Locale, unknown>;

/** The site title every page title ends with. */
export const siteTitle = 'Hibahin';

/** `'{page} | Hibahin'`, the title of every page. */
export function pageTitle(page: string): string {
	return `${page} | ${siteTitle}`;
}

/** Fills i18next `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
	return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
		name in values ? String(values[name]) : match,
	);
}

/** The path of `path` in `locale`: Indonesian unprefixed, English under `/en`. */
export function localePath(path: string, locale: Locale): string {
	if (locale === 'id') return path;
	return path === '/' ? '/en' : `/en${path}`;
}

/** The path of an absolute or relative URL, without a trailing slash (`/en/terms/` → `/en/terms`). */
export function pathOf(url: string): string {
	const { pathname } = new URL(url, 'http://localhost');
	return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}
