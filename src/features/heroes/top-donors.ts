/**
 * Browser side of the home page's top donors: the page is prerendered, so the list is fetched
 * and built from the `<template>` the server translated. Plain DOM code keeps the home page free
 * of a UI framework.
 */
import { apiFetch } from '~/lib/api-client';
import { formatNumber } from '~/lib/format';
import { cloneParts, fillText, showListState } from '~/lib/list-state';
import { badgeClasses, badgeIcons } from './badges';
import type { HeroEntry } from './heroes';

/**
 * The badge chips of one donor, like `BadgeList.astro`, with ids unique on the page. A chip's
 * description shows under the whole list, centred in the card and no wider than it: centred
 * under a chip off the card's middle, it would reach past a phone's screen.
 */
function badgeItems(entry: HeroEntry, idPrefix: string): HTMLLIElement[] {
	return entry.badges.map((badge) => {
		const item = document.createElement('li');
		item.className = 'tooltip tooltip-bottom static before:max-w-full after:hidden';
		item.dataset['tip'] = badge.description;
		const chip = document.createElement('span');
		chip.tabIndex = 0;
		chip.className = `badge badge-sm gap-1 border font-semibold whitespace-nowrap ${badgeClasses[badge.style] ?? ''}`;
		chip.dataset['badge'] = badge.id;
		const descriptionId = `${idPrefix}-${badge.id}`;
		chip.setAttribute('aria-describedby', descriptionId);
		chip.innerHTML = badgeIcons[badge.id];
		chip.append(badge.name);
		const description = document.createElement('span');
		description.id = descriptionId;
		description.className = 'sr-only';
		description.textContent = badge.description;
		item.append(chip, description);
		return item;
	});
}

function donorCard(
	template: HTMLTemplateElement,
	entry: HeroEntry,
	texts: { anonymous: string; position: string; profileBase: string },
): DocumentFragment {
	const { fragment, part } = cloneParts(template);
	const name = entry.user.name ?? texts.anonymous;
	// The position number shows for the first three only (docs/product-rules.md#top-donors).
	if (entry.rank <= 3) {
		part('position-number').textContent = `#${entry.rank}`;
		part('position-label').textContent = fillText(texts.position, { rank: entry.rank });
	} else {
		part('position').remove();
	}
	const link = part<HTMLAnchorElement>('link');
	link.href = `${texts.profileBase}/${encodeURIComponent(entry.userId)}`;
	link.textContent = name;
	const photo = part<HTMLImageElement>('photo');
	const initial = part('initial');
	if (entry.user.avatar) {
		photo.src = entry.user.avatar;
		initial.parentElement?.classList.remove('bg-primary', 'text-primary-content');
		initial.remove();
	} else {
		photo.remove();
		initial.textContent = name.trim().charAt(0).toUpperCase() || '?';
	}
	part('badges').append(...badgeItems(entry, `top-donor-${entry.rank}`));
	part('donations').textContent = formatNumber(entry.totalDonations);
	part('impact').textContent = formatNumber(entry.impactScore);
	return fragment;
}

/** Fetches the top five donors and shows them, or the empty or error text. */
export async function showTopDonors(): Promise<void> {
	const section = document.querySelector<HTMLElement>('[data-top-donors]');
	const list = section?.querySelector<HTMLOListElement>('[data-part="list"]');
	const template = section?.querySelector<HTMLTemplateElement>('template');
	if (!section || !list || !template) return;
	const { anonymous = '', position = '', profileBase = '/profile' } = section.dataset;
	let entries: HeroEntry[];
	try {
		entries = await apiFetch<HeroEntry[]>('/heroes/top');
	} catch {
		showListState(section, 'error');
		return;
	}
	if (entries.length === 0) return showListState(section, 'empty');
	list.replaceChildren(
		...entries.map((entry) => donorCard(template, entry, { anonymous, position, profileBase })),
	);
	showListState(section, 'list');
}
