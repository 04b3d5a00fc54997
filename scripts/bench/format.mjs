// Shared printing helpers for the benchmark modules, so every module's tables look alike and the
// entry can merge their summaries into one table; the browser journeys' report prints with them too.

/**
 * Formats a byte count as KB (1 KB = 1024 bytes, like Lighthouse and DevTools count).
 * @param {number | undefined} bytes
 * @returns {string}
 */
export function formatKb(bytes) {
	if (bytes === undefined || Number.isNaN(bytes)) return '–';
	return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Formats milliseconds, whole; with `tenths`, durations under 10 ms keep a decimal, where a
 * request's latency can be a fraction of one.
 * @param {number | null | undefined} ms
 * @param {{ tenths?: boolean }} [options]
 * @returns {string}
 */
export function formatMs(ms, { tenths = false } = {}) {
	if (typeof ms !== 'number' || Number.isNaN(ms)) return '–';
	return `${tenths && ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/**
 * Lays out rows as a plain-text table with a header rule; numbers read best right-aligned, so
 * every column but the first is right-aligned unless `align` says otherwise.
 * @param {string[]} headers
 * @param {Array<Array<string | number | undefined>>} rows
 * @param {{ align?: Array<'left' | 'right'> }} [options]
 * @returns {string}
 */
export function formatTable(headers, rows, options = {}) {
	const cells = rows.map((row) => headers.map((_, index) => String(row[index] ?? '–')));
	const widths = headers.map((header, index) =>
		Math.max(header.length, ...cells.map((row) => row[index].length)),
	);
	const align = (text, index) => {
		const side = options.align?.[index] ?? (index === 0 ? 'left' : 'right');
		return side === 'left' ? text.padEnd(widths[index]) : text.padStart(widths[index]);
	};
	const line = (row) => row.map(align).join('  ').trimEnd();
	return [
		line(headers),
		widths.map((width) => '-'.repeat(width)).join('  '),
		...cells.map(line),
	].join('\n');
}
