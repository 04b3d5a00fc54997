import type auth from '../../../locales/id/auth.json';
import type common from '../../../locales/id/common.json';
import type errors from '../../../locales/id/errors.json';
import type footer from '../../../locales/id/footer.json';
import type form from '../../../locales/id/form.json';
import type home from '../../../locales/id/home.json';
import type impact from '../../../locales/id/impact.json';
import type item from '../../../locales/id/item.json';
import type itemForm from '../../../locales/id/itemForm.json';
import type items from '../../../locales/id/items.json';
import type itemDetail from '../../../locales/id/itemDetail.json';
import type itemRequests from '../../../locales/id/itemRequests.json';
import type legal from '../../../locales/id/legal.json';
import type myRequests from '../../../locales/id/myRequests.json';
import type nav from '../../../locales/id/nav.json';
import type notifications from '../../../locales/id/notifications.json';
import type profile from '../../../locales/id/profile.json';
import type notFound from '../../../locales/id/notFound.json';
import type support from '../../../locales/id/support.json';
import type passwordReset from '../../../locales/id/passwordReset.json';
import type places from '../../../locales/id/places.json';
import type requests from '../../../locales/id/requests.json';

/** Every translation of one locale, one key per file in `locales/<locale>/`. */
export interface Resources {
	auth: typeof auth;
	common: typeof common;
	errors: typeof errors;
	footer: typeof footer;
	form: typeof form;
	home: typeof home;
	impact: typeof impact;
	item: typeof item;
	itemForm: typeof itemForm;
	items: typeof items;
	itemDetail: typeof itemDetail;
	itemRequests: typeof itemRequests;
	legal: typeof legal;
	myRequests: typeof myRequests;
	nav: typeof nav;
	notFound: typeof notFound;
	notifications: typeof notifications;
	passwordReset: typeof passwordReset;
	places: typeof places;
	profile: typeof profile;
	requests: typeof requests;
	support: typeof support;
}
