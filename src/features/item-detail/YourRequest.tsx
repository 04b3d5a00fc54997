import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { donorChatUrl, endedWithoutGiving } from '~/features/requests/receiver';
import { RequestActions } from '~/features/requests/RequestActions';
import type { ItemRequest } from '~/features/requests/requests';
import { confirmBySentence, statusSentence } from '~/features/requests/request-text';
import { type Locale, localizePath } from '~/lib/i18n/locales';

interface YourRequestProps {
	request: ItemRequest;
	/** Whether the item still takes requests, so one that ended can be made again. */
	canAskAgain: boolean;
	/** The item page's absolute URL, quoted in the WhatsApp message. */
	itemUrl: string;
	locale: Locale;
	/** The status, focused after the viewer's own step (the button they pressed is gone). */
	statusRef: RefObject<HTMLDivElement | null>;
	onChanged: () => Promise<unknown>;
	t: TFunction;
}

/**
 * The viewer's own request on the item's page: where it stands, what they can do about it, and
 * a way to all their requests. The status is announced when it changes.
 */
export function YourRequest({
	request,
	canAskAgain,
	itemUrl,
	locale,
	statusRef,
	onChanged,
	t,
}: YourRequestProps) {
	const confirmBy = confirmBySentence(request, t, locale);
	// While the request is open, the contact button beside it opens the chat (and updates it).
	const chatUrl =
		request.state === 'open'
			? null
			: donorChatUrl(
					request,
					t('myRequests.whatsapp.message', {
						name: request.item.name,
						count: request.givenQuantity ?? request.quantity,
						url: itemUrl,
					}),
				);
	return (
		<div className="grid gap-3 rounded-box bg-base-200 p-4 text-sm">
			<div
				ref={statusRef}
				tabIndex={-1}
				aria-live="polite"
				className="grid gap-1 focus:outline-none"
			>
				<h3 className="font-semibold">{t('itemDetail.pickup.yourRequest')}</h3>
				<p>{statusSentence(request, t, locale)}</p>
				{confirmBy && <p className="text-sm text-base-content/75">{confirmBy}</p>}
				{canAskAgain && endedWithoutGiving(request) && <p>{t('myRequests.status.askAgain')}</p>}
			</div>
			<RequestActions request={request} chatUrl={chatUrl} onChanged={onChanged} t={t} />
			<a href={localizePath('/my-requests', locale)} className="link link-primary text-sm">
				{t('myRequests.actions.all')}
			</a>
		</div>
	);
}
