import { getContainerRenderer } from '@astrojs/react/container-renderer';
import reactServer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createComponent, render, renderComponent } from 'astro/runtime/server/index.js';
import { createElement, type FunctionComponent } from 'react';
import { describe, expect, it } from 'vitest';
import { rendersWithReact } from './react-renderer';

/** A root that counts how often the server renders it. */
function countedRoot() {
	const root = { renders: 0, component: (() => null) as FunctionComponent };
	root.component = function Root() {
		root.renders++;
		return createElement('p', null, 'Kursi lipat');
	};
	return root;
}

/** Renders `component` as a page would render an island of it (`client:load`), to HTML. */
async function renderIsland(component: FunctionComponent): Promise<string> {
	const container = await AstroContainer.create();
	container.addServerRenderer({ name: getContainerRenderer().name, renderer: reactServer });
	const island = {
		'client:load': true,
		'client:component-path': '/island.tsx',
		'client:component-export': 'default',
		'client:component-hydration': 'load',
	};
	const page = createComponent(
		(result: unknown) =>
			render`${renderComponent(result as never, 'Island', component, island as never)}`,
	);
	return container.renderToString(page);
}

describe("an island root's server render", () => {
	it('runs once when the root names React as its renderer', async () => {
		const root = countedRoot();
		const html = await renderIsland(rendersWithReact(root.component));
		expect(html).toContain('Kursi lipat');
		expect(root.renders).toBe(1);
	});

	it('runs twice untagged: once for Astro to find its renderer, once to render', async () => {
		const root = countedRoot();
		await renderIsland(root.component);
		expect(root.renders).toBe(2);
	});
});
