/** The name `@astrojs/react` registers its renderer under. */
export const reactRendererName = '@astrojs/react';

/**
 * Names React as the renderer of an island root, so Astro renders it straight away: untagged, it
 * first asks React's renderer whether the component is React's, which runs the root once more
 * on every server render just to find out.
 */
export function rendersWithReact<T extends object>(component: T): T {
	return Object.assign(component, { [Symbol.for('astro:renderer')]: reactRendererName });
}
