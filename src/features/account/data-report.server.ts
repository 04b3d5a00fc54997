import type { TFunction } from 'i18next';
import { notificationMessage } from '~/features/notifications/notifications.server';
import { deliveryChannels, eventKindNames } from '~/features/notifications/notifications';
import { minimumAge } from '~/lib/consent';
import { formatDate, formatNumber, formatRupiah } from '~/lib/format';
import { formatTime } from '~/lib/format-time';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { AccountExport } from './account-export.server';

/** One line of a record: what it is, and its value as read; a link when it leads somewhere. */
export interface ReportField {
	label: string;
	text: string;
	href?: string;
	/** Several links (an item's photos). */
	links?: Array<{ text: string; href: string }>;
}

/** One thing kept (an item, a request, a notification), with a heading when it has a name. */
export interface ReportRecord {
	heading?: string;
	fields: ReportField[];
}

/** A headed part of the page: the profile, the items, the requests… */
export interface ReportSection {
	id: string;
	title: string;
	records: ReportRecord[];
}

/** The readable page of "download my data": every field of the JSON file, in sections. */
export interface DataReport {
	exportedAt: string;
	sections: ReportSection[];
}

/**
 * How each field of a record reads. Typed over every key of the record, so a field added to
 * the JSON file cannot be left off the page; `null` when the record's heading shows it.
 */
type FieldsOf<T> = { [K in keyof T]-?: (value: T[K], record: T) => ReportField | null };

function fieldsOf<T>(record: T, fields: FieldsOf<T>): ReportField[] {
	return (Object.keys(fields) as Array<keyof T>).flatMap(
		(key) => fields[key](record[key], record) ?? [],
	);
}

type Item = AccountExport['items'][number];
type Request = AccountExport['requests'][number];
type Note = AccountExport['notifications'][number];
type Settings = NonNullable<AccountExport['notificationSettings']>;
type Device = AccountExport['pushDevices'][number];
type Report = AccountExport['reports'][number];
type Block = AccountExport['blocked'][number];
type Order = AccountExport['courierOrders'][number];
type SavedSearch = AccountExport['savedSearches'][number];
type ThanksWritten = AccountExport['thanksWritten'][number];
type OwnNeed = AccountExport['needs'][number];
type OfferMade = AccountExport['offersMade'][number];
type OwnOrganisation = NonNullable<AccountExport['organisation']>;

/**
 * "Download my data" as a page a person reads on a phone, in their language: the same data as
 * the JSON file, section by section, dates and words in `locale`.
 */
export function dataReport(data: AccountExport, t: TFunction, locale: Locale): DataReport {
	const label = (key: string) => t(`account.data.fields.${key}` as 'account.data.fields.id');
	const notSet = t('account.data.notSet');
	const moment = (iso: string | null) =>
		iso === null ? notSet : `${formatDate(iso, locale)}, ${formatTime(iso, locale)}`;
	const text = (key: string, value: string | null) => ({
		label: label(key),
		text: value === null || value === '' ? notSet : value,
	});
	const date = (key: string, iso: string | null) => ({ label: label(key), text: moment(iso) });
	const number = (key: string, value: number) => ({ label: label(key), text: formatNumber(value) });
	const page = (path: string) => localizePath(path, locale);
	const itemLink = (key: string, id: number) => ({
		label: label(key),
		text: t('account.data.itemNumber', { id }),
		href: page(`/items/${id}`),
	});
	const personLink = (key: string, id: string) => ({
		label: label(key),
		text: id,
		href: page(`/profile/${id}`),
	});
	const requestState = (state: string) =>
		t(`account.data.requestStates.${state}` as 'account.data.requestStates.open');

	const profile = fieldsOf(data.profile, {
		id: (value) => text('id', value),
		email: (value) => text('email', value),
		name: (value) => text('name', value),
		phone: (value) => text('phone', value),
		address: (value) => text('address', value),
		area: (value) => text('area', value),
		bio: (value) => text('bio', value),
		avatar: (value) =>
			value === null
				? text('avatar', null)
				: { label: label('avatar'), text: t('account.data.openPhoto'), href: value },
		role: (value) => text('role', t(`account.data.roles.${value}` as 'account.data.roles.member')),
		joinedAt: (value) => date('joinedAt', value),
		leftRankingsAt: (value) => ({
			label: label('rankings'),
			text:
				value === null
					? t('account.data.inRankings')
					: t('account.data.leftRankings', { date: formatDate(value, locale) }),
		}),
	});

	const itemFields: FieldsOf<Item> = {
		id: (value) => itemLink('id', value),
		name: () => null,
		description: (value) => text('description', value),
		category: (value) =>
			text('category', t(`item.category.${value}` as 'item.category.other', value)),
		condition: (value) =>
			text(
				'condition',
				value === null ? null : t(`item.condition.${value}` as 'item.condition.used', value),
			),
		status: (value) => text('status', t(`item.status.${value}` as 'item.status.AVAILABLE', value)),
		quantity: (value) => number('quantity', value),
		weight: (value) => number('weight', value),
		createdAt: (value) => date('createdAt', value),
		donatedAt: (value) => date('donatedAt', value),
		photos: (value) =>
			value.length === 0
				? text('photos', null)
				: {
						label: label('photos'),
						text: '',
						links: value.flatMap((href, index) =>
							href ? [{ text: t('account.data.photoNumber', { number: index + 1 }), href }] : [],
						),
					},
	};

	const requestFields: FieldsOf<Request> = {
		id: (value) => text('requestId', String(value)),
		itemId: (value) => itemLink('item', value),
		itemName: () => null,
		side: (value) => text('side', t(`account.data.sides.${value}`)),
		state: (value) => text('state', requestState(value)),
		quantity: (value) => number('quantity', value),
		givenQuantity: (value) =>
			value === null ? text('givenQuantity', null) : number('givenQuantity', value),
		createdAt: (value) => date('askedAt', value),
		confirmedAt: (value) => date('confirmedAt', value),
	};
	const requestRecord = (request: Request): ReportRecord => ({
		heading: request.itemName ?? t('account.data.itemNumber', { id: request.itemId }),
		fields: fieldsOf(request, requestFields),
	});

	const noteFields: FieldsOf<Note> = {
		kind: () => null,
		data: () => null,
		createdAt: (value) => date('receivedAt', value),
		readAt: (value) =>
			value === null
				? { label: label('readAt'), text: t('account.data.unread') }
				: date('readAt', value),
	};

	const settingsFields: FieldsOf<Settings> = {
		channels: (value) => ({
			label: label('channels'),
			text: eventKindNames
				.map((kind) => {
					const on = deliveryChannels
						.filter((channel) => value[kind]?.[channel] !== false)
						.map((channel) => t(`notifications.settings.channels.${channel}`));
					const title = t(`notifications.settings.kinds.${kind}.title`);
					return `${title}: ${on.length ? on.join(', ') : t('account.data.off')}`;
				})
				.join('; '),
		}),
		quietHours: (value) =>
			value === null
				? { label: label('quietHours'), text: t('account.data.off') }
				: {
						label: label('quietHours'),
						text: `${value.start}–${value.end} ${t('notifications.settings.quietHours.timeZone')}`,
					},
		language: (value) =>
			text('language', t(`account.data.languages.${value}` as 'account.data.languages.id', value)),
		updatedAt: (value) => date('updatedAt', value),
	};

	const deviceFields: FieldsOf<Device> = {
		endpoint: (value) => text('endpoint', value),
		subscribedAt: (value) => date('subscribedAt', value),
	};

	const reportFields: FieldsOf<Report> = {
		target: (value) => {
			const [kind, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
			if (kind === 'thanks') return text('target', t('account.data.thanksNumber', { id }));
			return kind === 'item' ? itemLink('target', Number(id)) : personLink('target', id);
		},
		reason: (value) =>
			text('reason', t(`reports.reasons.${value}` as 'reports.reasons.other', value)),
		details: (value) => text('details', value),
		state: (value) =>
			text('state', t(`account.data.reportStates.${value}` as 'account.data.reportStates.open')),
		createdAt: (value) => date('reportedAt', value),
	};

	const orderFields: FieldsOf<Order> = {
		id: (value) => text('orderId', value),
		itemId: (value) => itemLink('item', value),
		side: (value) => text('side', t(`account.data.sides.${value}`)),
		state: (value) => text('state', t(`orders.states.${value}` as 'orders.states.paid', value)),
		quantity: (value) => number('quantity', value),
		courier: (value) => text('courier', value),
		recipientName: (value, order) => (order.side === 'receiver' ? text('recipient', value) : null),
		recipientPhone: (value, order) =>
			order.side === 'receiver' ? text('recipientPhone', value) : null,
		address: (value, order) => (order.side === 'receiver' ? text('address', value) : null),
		total: (value) =>
			value === null ? null : { label: label('total'), text: formatRupiah(value) },
		waybill: (value) => text('waybill', value),
		createdAt: (value) => date('orderedAt', value),
		paidAt: (value) => date('paidAt', value),
		deliveredAt: (value) => date('deliveredAt', value),
	};

	const savedSearchFields: FieldsOf<SavedSearch> = {
		label: () => null,
		search: (value) => text('search', value),
		category: (value) =>
			text(
				'category',
				value === null ? null : t(`item.category.${value}` as 'item.category.other', value),
			),
		savedAt: (value) => date('savedAt', value),
	};

	const thanksFields: FieldsOf<ThanksWritten> = {
		requestId: (value) => text('requestId', String(value)),
		itemId: (value) => itemLink('item', value),
		donorId: (value) => personLink('person', value),
		message: (value) => text('message', value),
		photo: (value) =>
			value === null
				? text('photo', null)
				: { label: label('photo'), text: t('account.data.openPhoto'), href: value },
		hidden: (value) => text('hiddenByModerator', t(value ? 'account.data.yes' : 'account.data.no')),
		createdAt: (value) => date('writtenAt', value),
	};

	const needFields: FieldsOf<OwnNeed> = {
		id: (value) => ({
			label: label('id'),
			text: t('account.data.needNumber', { id: value }),
			href: page(`/needs/${value}`),
		}),
		title: () => null,
		description: (value) => text('description', value),
		category: (value) =>
			text('category', t(`item.category.${value}` as 'item.category.other', value)),
		quantity: (value) => number('quantity', value),
		area: (value) => text('area', value),
		state: (value) => text('state', t(`needs.state.${value}` as 'needs.state.open', value)),
		photo: (value) =>
			value === null
				? text('photo', null)
				: { label: label('photo'), text: t('account.data.openPhoto'), href: value },
		hidden: (value) => text('hiddenByModerator', t(value ? 'account.data.yes' : 'account.data.no')),
		createdAt: (value) => date('createdAt', value),
	};

	const offerFields: FieldsOf<OfferMade> = {
		needId: (value) => ({
			label: label('need'),
			text: t('account.data.needNumber', { id: value }),
			href: page(`/needs/${value}`),
		}),
		itemId: (value) => itemLink('item', value),
		quantity: (value) => number('quantity', value),
		message: (value) => text('message', value),
		state: (value) =>
			text(
				'state',
				t(`account.data.offerStates.${value}` as 'account.data.offerStates.open', value),
			),
		createdAt: (value) => date('offeredAt', value),
		decidedAt: (value) => (value === null ? null : date('answeredAt', value)),
	};

	// The document photo itself is never on the page: only whether it is still kept.
	const organisationFields: FieldsOf<OwnOrganisation> = {
		id: (value) => ({
			label: label('id'),
			text: t('account.data.organisationNumber', { id: value }),
			href: page('/organisation'),
		}),
		name: () => null,
		kind: (value) =>
			text('kind', t(`organisations.kinds.${value}` as 'organisations.kinds.other', value)),
		address: (value) => text('address', value),
		district: (value) => text('area', value),
		contactName: (value) => text('contactName', value),
		state: (value) =>
			text('state', t(`organisations.states.${value}` as 'organisations.states.pending', value)),
		decisionNote: (value) => (value === null ? null : text('decisionNote', value)),
		decidedAt: (value) => date('decidedAt', value),
		documentHeld: (value) =>
			text('document', t(value ? 'account.data.documentHeld' : 'account.data.documentNotHeld')),
		documentDeletedAt: (value) => (value === null ? null : date('documentDeletedAt', value)),
		createdAt: (value) => date('registeredAt', value),
	};

	const blockFields: FieldsOf<Block> = {
		userId: (value) => personLink('person', value),
		blockedAt: (value) => date('blockedAt', value),
	};

	const section = (id: string, records: ReportRecord[]): ReportSection => ({
		id,
		title: t(`account.data.sections.${id}` as 'account.data.sections.profile'),
		records,
	});
	return {
		exportedAt: moment(data.exportedAt),
		sections: [
			section('profile', [{ fields: profile }]),
			section(
				'items',
				data.items.map((item) => ({ heading: item.name, fields: fieldsOf(item, itemFields) })),
			),
			section(
				'requestsMade',
				data.requests.filter((request) => request.side === 'receiver').map(requestRecord),
			),
			section(
				'requestsReceived',
				data.requests.filter((request) => request.side === 'donor').map(requestRecord),
			),
			section(
				'notifications',
				data.notifications.map((note) => ({
					heading: notificationMessage(
						{ kind: note.kind, itemId: null, data: note.data },
						t,
						locale,
					).text,
					fields: fieldsOf(note, noteFields),
				})),
			),
			section('notificationSettings', [
				data.notificationSettings
					? { fields: fieldsOf(data.notificationSettings, settingsFields) }
					: { fields: [{ label: label('channels'), text: t('account.data.defaultSettings') }] },
			]),
			section(
				'pushDevices',
				data.pushDevices.map((device) => ({ fields: fieldsOf(device, deviceFields) })),
			),
			section(
				'reports',
				data.reports.map((report) => ({ fields: fieldsOf(report, reportFields) })),
			),
			section(
				'organisation',
				data.organisation
					? [
							{
								heading: data.organisation.name,
								fields: fieldsOf(data.organisation, organisationFields),
							},
						]
					: [],
			),
			section(
				'needs',
				data.needs.map((need) => ({ heading: need.title, fields: fieldsOf(need, needFields) })),
			),
			section(
				'offersMade',
				data.offersMade.map((offer) => ({ fields: fieldsOf(offer, offerFields) })),
			),
			section(
				'thanksWritten',
				data.thanksWritten.map((thanks) => ({ fields: fieldsOf(thanks, thanksFields) })),
			),
			section(
				'blocked',
				data.blocked.map((block) => ({ fields: fieldsOf(block, blockFields) })),
			),
			section(
				'signIns',
				data.signIns.map((signedIn) => ({ fields: [date('signedInAt', signedIn)] })),
			),
			section(
				'savedSearches',
				data.savedSearches.map((saved) => ({
					heading: saved.label,
					fields: fieldsOf(saved, savedSearchFields),
				})),
			),
			section(
				'courierOrders',
				data.courierOrders.map((order) => ({ fields: fieldsOf(order, orderFields) })),
			),
			section(
				'consents',
				data.consents.map((consent) => ({
					fields: [
						date('acceptedAt', consent.acceptedAt),
						{
							label: label('documents'),
							text: t('account.data.acceptedDocuments', {
								terms: formatDate(consent.termsVersion, locale),
								privacy: formatDate(consent.privacyVersion, locale),
							}),
						},
						{
							label: label('ageConfirmed'),
							text: t('account.data.ageConfirmed', { age: minimumAge }),
						},
					],
				})),
			),
		],
	};
}
