/**
 * Browser side of /support-us: the page is prerendered, so top and early supporters are fetched
 * and built from the `<template>`s the server translated.
 */
import { apiFetch } from '~/lib/api-client';
import { formatRupiah } from '~/lib/format';
import { cloneParts, showListState } from '~/lib/list-state';
import { type EarlySupporter, type Supporter, avatarPath, supporterLimits } from './support';

/** Sets an optional text part, removing it when there is nothing to say. */
function optionalText(element: HTMLElement, text: string | null): void {
	if (text) element.textContent = text;
	else element.remove();
}

function supporterCard(template: HTMLTemplateElement, supporter: Supporter): DocumentFragment {
	const { fragment, part } = cloneParts(template);
	part<HTMLImageElement>('avatar').src = avatarPath(supporter.supporterName);
	part('name').textContent = supporter.supporterName;
	part('amount').textContent = formatRupiah(supporter.amount);
	optionalText(
		part('units'),
		supporter.unitName ? `${supporter.quantity} ${supporter.unitName}` : null,
	);
	optionalText(part('message'), supporter.supportMessage);
	return fragment;
}

async function showTopSupporters(section: HTMLElement): Promise<void> {
	const featured = section.querySelector<HTMLElement>('[data-part="featured"]')!;
	const more = section.querySelector<HTMLElement>('[data-part="more"]')!;
	const [featuredTemplate, moreTemplate] = section.querySelectorAll('template');
	let list: Supporter[];
	try {
		list = await apiFetch<Supporter[]>('/trakteer/supports');
	} catch {
		return showListState(section, 'error');
	}
	if (list.length === 0) return showListState(section, 'empty');
	const first = list.slice(0, supporterLimits.featured);
	const rest = list.slice(supporterLimits.featured, supporterLimits.top);
	featured.replaceChildren(...first.map((s) => supporterCard(featuredTemplate!, s)));
	more.replaceChildren(...rest.map((s) => supporterCard(moreTemplate!, s)));
	section.querySelector<HTMLElement>('[data-part="more-group"]')!.hidden = rest.length === 0;
	showListState(section, 'list');
}

async function showEarlySupporters(section: HTMLElement): Promise<void> {
	const grid = section.querySelector<HTMLElement>('[data-part="grid"]')!;
	const template = section.querySelector('template')!;
	let list: EarlySupporter[];
	try {
		list = await apiFetch<EarlySupporter[]>('/supporters/early-supporters');
	} catch {
		return showListState(section, 'error');
	}
	if (list.length === 0) return showListState(section, 'empty');
	grid.replaceChildren(
		...list.map((supporter) => {
			const { fragment, part } = cloneParts(template);
			part<HTMLImageElement>('avatar').src = avatarPath(supporter.name);
			part('name').textContent = supporter.name;
			optionalText(part('message'), supporter.message);
			return fragment;
		}),
	);
	showListState(section, 'list');
}

/** Fills both lists of the support page at once. */
export async function showSupporterLists(): Promise<void> {
	const top = document.querySelector<HTMLElement>('[data-top-supporters]');
	const early = document.querySelector<HTMLElement>('[data-early-supporters]');
	await Promise.all([top && showTopSupporters(top), early && showEarlySupporters(early)]);
}
