/** Toggles closer together than this are ignored, so a double tap does not reopen the menu. */
export const drawerToggleDebounceMs = 100;

const focusableSelector =
	'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Wires the mobile navigation drawer: a modal `<dialog>` that opens from the hamburger,
 * closes on Escape, on the backdrop and on navigation, and keeps Tab inside while open.
 */
export function setUpDrawer(): void {
	const drawer = document.querySelector<HTMLDialogElement>('#site-drawer');
	const opener = document.querySelector<HTMLButtonElement>('[data-drawer-open]');
	if (!drawer || !opener) return;

	let lastToggle = Number.NEGATIVE_INFINITY;
	const toggle = (open: boolean) => {
		const now = performance.now();
		if (now - lastToggle < drawerToggleDebounceMs || drawer.open === open) return;
		lastToggle = now;
		if (open) drawer.showModal();
		else drawer.close();
	};

	opener.addEventListener('click', () => toggle(true));
	drawer.querySelector('[data-drawer-close]')?.addEventListener('click', () => toggle(false));

	drawer.addEventListener('toggle', () => {
		opener.setAttribute('aria-expanded', String(drawer.open));
		document.documentElement.classList.toggle('overflow-hidden', drawer.open);
	});

	drawer.addEventListener('click', (event) => {
		const target = event.target;
		if (target instanceof Element && target.closest('a[href]')) {
			drawer.close();
			return;
		}
		// A click on the dialog element itself outside its box is a click on the backdrop.
		const box = drawer.getBoundingClientRect();
		const outside =
			event.clientX < box.left ||
			event.clientX > box.right ||
			event.clientY < box.top ||
			event.clientY > box.bottom;
		if (target === drawer && outside) toggle(false);
	});

	drawer.addEventListener('keydown', (event) => {
		if (event.key !== 'Tab') return;
		// Entries shown only when they apply (installing the app) take no focus while hidden.
		const focusable = [...drawer.querySelectorAll<HTMLElement>(focusableSelector)].filter(
			(element) => element.checkVisibility(),
		);
		const first = focusable[0];
		const last = focusable.at(-1);
		if (!first || !last) return;
		if (event.shiftKey && document.activeElement === first) {
			event.preventDefault();
			last.focus();
		} else if (!event.shiftKey && document.activeElement === last) {
			event.preventDefault();
			first.focus();
		}
	});

	// A page restored from the back/forward cache must not come back with the menu open.
	window.addEventListener('pageshow', () => drawer.close());
}
