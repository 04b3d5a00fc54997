/**
 * The share button of a drive's page: the system share sheet where there is one, else the link
 * copied, with a line saying so.
 */
export function setUpDriveShare(): void {
	const button = document.querySelector<HTMLButtonElement>('button[data-share-drive]');
	const status = document.querySelector<HTMLElement>('[data-share-drive-status]');
	if (!button) return;
	button.addEventListener('click', () => {
		const { shareTitle = '', shareText = '', shareUrl = '' } = button.dataset;
		if (typeof navigator.share === 'function') {
			// Closing the sheet rejects the promise; there is nothing to tell the visitor then.
			navigator.share({ title: shareTitle, text: shareText, url: shareUrl }).catch(() => {});
			return;
		}
		void navigator.clipboard.writeText(shareUrl).then(() => {
			if (status) status.hidden = false;
		});
	});
}
