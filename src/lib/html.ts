const entities: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

/** Escapes text for use inside HTML built as a string. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}
