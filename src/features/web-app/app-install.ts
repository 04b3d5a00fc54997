import type { InstallPrompt } from './app-registration';

/**
 * The menu's "Install Hibahin": the browser's own install prompt where it offered one, else the
 * steps of adding the site to the Home Screen (Safari on iPhone and iPad). Loaded on first use.
 */
export async function install(prompt: InstallPrompt | null): Promise<void> {
	if (prompt) {
		await prompt.prompt();
		return;
	}
	showHomeScreenSteps();
}

function showHomeScreenSteps(): void {
	let dialog = document.querySelector<HTMLDialogElement>('#app-install-steps');
	if (!dialog) {
		const template = document.querySelector<HTMLTemplateElement>(
			'template[data-app-install-steps]',
		);
		if (!template) return;
		document.body.append(template.content.cloneNode(true));
		dialog = document.querySelector<HTMLDialogElement>('#app-install-steps');
	}
	dialog?.showModal();
}
