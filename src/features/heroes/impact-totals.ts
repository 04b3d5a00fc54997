/** Browser side of the home page's impact totals: fetched, since the page is prerendered. */
import { apiFetch } from '~/lib/api-client';
import { formatNumber } from '~/lib/format';
import type { SiteTotals } from './heroes';

/** Fills each `[data-total]` with its figure, or shows the "unavailable" note on failure. */
export async function showImpactTotals(): Promise<void> {
	const section = document.querySelector<HTMLElement>('[data-impact-totals]');
	if (!section) return;
	try {
		const totals = await apiFetch<SiteTotals>('/heroes/totals');
		for (const value of section.querySelectorAll<HTMLElement>('[data-total]')) {
			const key = value.dataset['total'] as keyof SiteTotals;
			value.textContent = formatNumber(totals[key] ?? 0);
		}
	} catch {
		const note = section.querySelector<HTMLElement>('[data-part="unavailable"]');
		if (note) note.hidden = false;
	} finally {
		section.setAttribute('aria-busy', 'false');
	}
}
