/**
 * Parts of the layout rendered once per process and sent as kept after that: those that read the
 * same for every signed-out visitor of a language, their texts and links fixed by the build. A
 * page spends most of its render on its frame rather than its content, and the top bar and the
 * footer are most of the frame.
 */
const kept = new Map<string, string>();

/** A handful of names per language: the bound only guards against a name that is not one. */
const maxKept = 64;

/**
 * The HTML kept under `name`, rendered by `render` the first time it is asked for. Everything the
 * HTML depends on must be in `name`; nothing of the visitor or the request may be.
 */
export async function keptHtml(name: string, render: () => Promise<string>): Promise<string> {
	const known = kept.get(name);
	if (known !== undefined) return known;
	const html = await render();
	if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
	kept.set(name, html);
	return html;
}

/**
 * Where the signed-out top bar leaves its language switchers out when it is kept: their links
 * name the page and its query, so they are rendered for each request between the kept parts.
 */
export const languageSwitcherMark = '<!--language-switcher-->';
