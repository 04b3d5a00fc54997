import { type CSSProperties, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast as sonner } from 'sonner';
import { type ToastAction, type ToastKind, toastSettings } from './toast';

let ready: Promise<void> | undefined;

// Toasts rise from the bottom of the screen, clear of the sticky header and of the page's title
// just below it, which they covered for seconds after a success: at the right on wide screens,
// across the width on phones, above the home indicator.
const offset = { bottom: '1.5rem', right: '1.5rem' };
const mobileOffset = {
	bottom: 'calc(env(safe-area-inset-bottom) + 1rem)',
	left: '1rem',
	right: '1rem',
};

/**
 * The theme's colours instead of sonner's own, whose info and error texts fail contrast: each kind
 * is filled like daisyUI's alert of that kind, a pair the theme keeps above WCAG AA. Sonner reads
 * these variables on its toaster element, where an inline style outranks its stylesheet.
 */
const themeColors = Object.fromEntries([
	['--normal-bg', 'var(--color-base-100)'],
	['--normal-border', 'var(--color-base-300)'],
	['--normal-text', 'var(--color-base-content)'],
	...(['info', 'success', 'warning', 'error'] as const).flatMap((kind) => [
		[`--${kind}-bg`, `var(--color-${kind})`],
		[`--${kind}-border`, `var(--color-${kind})`],
		[`--${kind}-text`, `var(--color-${kind}-content)`],
	]),
]) as CSSProperties;

function ReadyToaster({ label, onReady }: { label: string; onReady: () => void }) {
	// Runs after the Toaster's own effects, so its subscription exists before the first toast.
	useEffect(onReady, [onReady]);
	return (
		<Toaster
			position="bottom-right"
			offset={offset}
			mobileOffset={mobileOffset}
			richColors
			style={themeColors}
			closeButton
			visibleToasts={toastSettings.maxVisible}
			duration={toastSettings.durationMs.default}
			containerAriaLabel={label}
		/>
	);
}

function mountToaster(): Promise<void> {
	ready ??= new Promise((resolve) => {
		const host = document.createElement('div');
		document.body.append(host);
		const label = document.body.dataset['toastLabel'] ?? '';
		createRoot(host).render(<ReadyToaster label={label} onReady={resolve} />);
	});
	return ready;
}

/** Shows one toast with the duration of its kind, or until used when it has an action. */
export async function toast(kind: ToastKind, message: string, action?: ToastAction): Promise<void> {
	await mountToaster();
	if (action) {
		sonner[kind === 'message' ? 'info' : kind](message, { action, duration: Infinity });
		return;
	}
	if (kind === 'success') sonner.success(message, { duration: toastSettings.durationMs.success });
	else if (kind === 'error') sonner.error(message, { duration: toastSettings.durationMs.error });
	else if (kind === 'message') sonner(message);
	else sonner[kind](message);
}
