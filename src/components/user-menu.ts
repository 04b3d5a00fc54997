/**
 * The top bar's account menu is a `<details>` dropdown, which browsers do not close on Escape.
 * Escape closes it and gives focus back to its button, as a menu button does. Listening on the
 * document also serves menus that `account-state.ts` fills in after load.
 */
export function setUpUserMenu(): void {
	document.addEventListener('keydown', (event) => {
		if (event.key !== 'Escape' || event.defaultPrevented) return;
		const menu = document.querySelector<HTMLDetailsElement>('details[data-user-menu][open]');
		if (!menu) return;
		const focus = document.activeElement;
		menu.open = false;
		// Focus comes back from inside the menu, never away from a field elsewhere on the page.
		if (!focus || focus === document.body || menu.contains(focus)) {
			menu.querySelector('summary')?.focus();
		}
	});
}
