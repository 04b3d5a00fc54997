/**
 * A page's HTML read without a browser: its language, its title and any translation key it
 * shows in place of a text. Good enough for the HTML the site renders itself, not for any page.
 */
import { translationKeys } from './locale-files';

const entities: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
};

/** `&amp;`, `&#39;` and `&#x27;` as the characters they stand for. */
function decode(text: string): string {
	return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X')) {
			return String.fromCodePoint(parseInt(name.slice(2), 16));
		}
		if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
		return entities[name] ?? entity;
	});
}

/** The document without scripts, styles and comments: what a visitor or a reader can meet. */
function shownPart(html: string): string {
	return html
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
}

/** A start or end tag, its quoted attribute values read whole even when they hold a `>`. */
const tag =
	/<\/?[A-Za-z][^\s/>]*(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*\s*\/?>/g;

/** What reads like a dotted or `namespace:` key: `itemDetail.whatsapp.contact`, `home:title`. */
const keyLike = /[A-Za-z][\w-]*(?:[.:][\w-]+)+/g;

/** The parts of a page's HTML the checks read. */
export interface PageHtml {
	/** `<html lang>`. */
	lang: string | undefined;
	/** `<title>`, its entities decoded. */
	title: string | undefined;
	/** Translation keys found in the page's text or attributes, each once. */
	untranslatedKeys: string[];
	/** `{{placeholders}}` left unfilled in the page's text, each once. */
	unfilledPlaceholders: string[];
	/** What the page says: its text, each run of spaces as one. */
	text: string;
}

/** Reads `html` as a page the site rendered. */
export function readPage(html: string): PageHtml {
	const shown = shownPart(html);
	const text = decode(shown.replace(tag, ' '));
	const everything = decode(shown);
	return {
		lang: /<html\b[^>]*\slang="([^"]*)"/i.exec(html)?.[1],
		title: decode(/<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '') || undefined,
		untranslatedKeys: [
			...new Set(everything.match(keyLike)?.filter((found) => translationKeys.has(found))),
		],
		unfilledPlaceholders: [...new Set(text.match(/\{\{\s*\w+\s*\}\}/g))],
		text: text.replace(/\s+/g, ' '),
	};
}
