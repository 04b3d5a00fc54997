/**
 * A page's HTML as the server sends it, read without a browser: for the checks of a status, a
 * title or a heading that need no rendering. The site's own markup is regular enough for a few
 * patterns; elements are found by tag, and a tag is never nested inside one of its own kind here.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';

export interface HtmlElement {
	attributes: Record<string, string>;
	/** The markup inside the element. */
	inner: string;
	/** Its text as a reader gets it: tags dropped, entities decoded, spaces collapsed. */
	text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the entities Astro writes when it escapes text and attributes. */
function decode(text: string): string {
	return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (match, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X'))
			return String.fromCodePoint(parseInt(name.slice(2), 16));
		if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
		return entities[name] ?? match;
	});
}

/** The text of a piece of markup, as a reader gets it. */
export function textOf(markup: string): string {
	return decode(
		markup
			.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
			.replace(/<[^>]*>/g, ' ')
			.replace(/\s+/g, ' '),
	).trim();
}

/** Every `<tag>` element of `markup`, in order. */
export function elements(markup: string, tag: string): HtmlElement[] {
	const pattern = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
	return [...markup.matchAll(pattern)].map(([, attributeText = '', inner = '']) => {
		const attributes: Record<string, string> = {};
		for (const [, name, value] of attributeText.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
			attributes[name!.toLowerCase()] = decode(value ?? '');
		}
		return { attributes, inner, text: textOf(inner) };
	});
}

/** The one `<tag>` element of `markup`; fails when there is none or more than one. */
export function element(markup: string, tag: string): HtmlElement {
	const found = elements(markup, tag);
	if (found.length !== 1) throw new Error(`Expected one <${tag}>, found ${found.length}.`);
	return found[0]!;
}

/** A page fetched as a browser would ask for it, with its HTML. */
export interface FetchedPage {
	response: APIResponse;
	html: string;
	/** The language the `<html>` element declares. */
	lang: string | undefined;
	/** The text of `<title>`. */
	title: string;
	/** The texts of the `<h1>` elements. */
	headings: string[];
}

/** Fetches the page at `path` and reads what every page has: its language, title and heading. */
export async function fetchPage(request: APIRequestContext, path: string): Promise<FetchedPage> {
	const response = await request.get(path, { headers: { Accept: 'text/html' } });
	const html = await response.text();
	return {
		response,
		html,
		lang: /<html\b[^>]*\slang="([^"]*)"/i.exec(html)?.[1],
		title: element(html, 'title').text,
		headings: elements(html, 'h1').map((heading) => heading.text),
	};
}
