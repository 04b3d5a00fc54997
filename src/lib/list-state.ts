/**
 * Helpers for prerendered sections whose list is fetched in the browser: each part carries
 * `data-state="loading|list|empty|error"` and exactly one is shown at a time.
 */

/** The states such a section can be in. */
export type ListState = 'loading' | 'list' | 'empty' | 'error';

/** Shows the parts of `section` for `state`, hides the others, and updates `aria-busy`. */
export function showListState(section: HTMLElement, state: ListState): void {
	for (const part of section.querySelectorAll<HTMLElement>('[data-state]')) {
		part.hidden = part.dataset['state'] !== state;
	}
	section.setAttribute('aria-busy', String(state === 'loading'));
}

/** Fills i18next-style `{{name}}` placeholders of a text the server translated. */
export function fillText(template: string, values: Record<string, string | number>): string {
	return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
		name in values ? String(values[name]) : match,
	);
}

/** A clone of `template` and a finder for its `[data-part]` elements. */
export function cloneParts(template: HTMLTemplateElement) {
	const fragment = template.content.cloneNode(true) as DocumentFragment;
	const part = <T extends HTMLElement = HTMLElement>(name: string) =>
		fragment.querySelector<T>(`[data-part="${name}"]`)!;
	return { fragment, part };
}
