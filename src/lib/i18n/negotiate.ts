import { defaultLocale, isLocale, type Locale } from './locales';

/** The best supported locale of an `Accept-Language` header, else Indonesian. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
	const ranked = (acceptLanguage ?? '')
		.split(',')
		.map((part) => {
			const [tag = '', ...params] = part.trim().split(';');
			const q = params.find((param) => param.trim().startsWith('q='));
			return { language: tag.toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 };
		})
		.filter((entry) => entry.language && entry.q > 0)
		.sort((a, b) => b.q - a.q);
	return ranked.map((entry) => entry.language).find(isLocale) ?? defaultLocale;
}
