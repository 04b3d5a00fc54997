import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import type { AccountExport } from './account-export.server';
import DataReport from './DataReport.astro';
import { dataReport } from './data-report.server';

/** A person's data as the JSON file holds it, with something in every part. */
const data: AccountExport = {
	exportedAt: '2026-11-28T09:30:00.000Z',
	profile: {
		id: 'u-budi',
		email: 'budi@example.com',
		name: 'Budi Santoso',
		phone: '+6281234567890',
		address: 'Jl. Kenanga No. 12',
		area: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
		bio: null,
		avatar: 'https://hibahin.id/media/avatars/budi.webp',
		role: 'member',
		joinedAt: '2026-03-02T01:00:00.000Z',
		leftRankingsAt: '2026-10-05T01:00:00.000Z',
	},
	items: [
		{
			id: 41,
			name: 'Lemari kayu jati',
			description: 'Dua pintu, masih kokoh',
			category: 'furniture',
			condition: 'likeNew',
			status: 'DONATED',
			quantity: 1,
			weight: 35.5,
			createdAt: '2026-04-10T03:00:00.000Z',
			donatedAt: '2026-05-01T03:00:00.000Z',
			photos: [
				'https://hibahin.id/media/items/41-a.webp',
				'https://hibahin.id/media/items/41-b.webp',
			],
		},
	],
	requests: [
		{
			id: 7,
			itemId: 52,
			itemName: 'Sepeda anak',
			side: 'receiver',
			state: 'reserved',
			quantity: 2,
			givenQuantity: null,
			createdAt: '2026-06-15T05:00:00.000Z',
			confirmedAt: null,
		},
		{
			id: 8,
			itemId: 41,
			itemName: 'Lemari kayu jati',
			side: 'donor',
			state: 'confirmed',
			quantity: 1,
			givenQuantity: 1,
			createdAt: '2026-04-20T05:00:00.000Z',
			confirmedAt: '2026-05-01T03:00:00.000Z',
		},
	],
	notifications: [
		{
			kind: 'requestReserved',
			data: { item: 'Sepeda anak', count: 2 },
			createdAt: '2026-06-16T05:00:00.000Z',
			readAt: null,
		},
	],
	notificationSettings: {
		channels: { requests: { email: false } },
		quietHours: { start: '22:00', end: '06:00' },
		language: 'en',
		updatedAt: '2026-07-01T05:00:00.000Z',
	},
	pushDevices: [
		{
			endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
			subscribedAt: '2026-07-02T05:00:00.000Z',
		},
	],
	reports: [
		{
			target: 'user:u-rudi',
			reason: 'scam',
			details: 'Minta transfer dulu',
			state: 'open',
			createdAt: '2026-08-03T05:00:00.000Z',
		},
	],
	needs: [
		{
			id: 9,
			title: 'Seragam SD ukuran 8',
			description: 'Untuk anak yang baru masuk kelas satu',
			category: 'clothing',
			quantity: 2,
			area: 'Kebayoran Baru, Kota Jakarta Selatan',
			state: 'open',
			photo: 'https://hibahin.id/media/needs/seragam.webp',
			hidden: false,
			createdAt: '2026-07-01T02:00:00.000Z',
		},
	],
	offersMade: [
		{
			needId: 12,
			itemId: 41,
			quantity: 1,
			message: 'Masih bagus, silakan diambil',
			state: 'accepted',
			createdAt: '2026-07-02T02:00:00.000Z',
			decidedAt: '2026-07-03T02:00:00.000Z',
		},
	],
	organisation: {
		id: 3,
		name: 'Panti Asuhan Kasih Bunda',
		kind: 'orphanage',
		address: 'Jl. Melati No. 7, RT 03/RW 05',
		district: 'Cilandak, Kota Jakarta Selatan, DKI Jakarta',
		contactName: 'Ibu Sri Rahayu',
		state: 'verified',
		decisionNote: null,
		decidedAt: '2026-07-20T03:00:00.000Z',
		documentHeld: false,
		documentDeletedAt: '2026-08-19T20:00:00.000Z',
		createdAt: '2026-07-18T03:00:00.000Z',
	},
	thanksWritten: [
		{
			requestId: 77,
			itemId: 52,
			donorId: 'u-sari',
			message: 'Sepedanya dipakai tiap hari, makasih!',
			photo: 'https://hibahin.id/media/thanks/sepeda.webp',
			hidden: false,
			createdAt: '2026-05-03T02:00:00.000Z',
		},
	],
	blocked: [{ userId: 'u-rudi', blockedAt: '2026-08-03T06:00:00.000Z' }],
	signIns: ['2026-11-27T23:15:00.000Z'],
	savedSearches: [
		{
			label: 'kursi · Perabot',
			search: 'kursi',
			category: 'furniture',
			savedAt: '2026-08-10T05:00:00.000Z',
		},
	],
	courierOrders: [
		{
			id: 'HBH-abc123',
			itemId: 52,
			side: 'receiver',
			state: 'delivered',
			quantity: 1,
			courier: 'SiCepat REG',
			recipientName: 'Budi Santoso',
			recipientPhone: '+6281234567890',
			address: 'Jl. Sukasari No. 5, Gegerkalong, Sukasari 40153',
			total: 44550,
			waybill: 'SIM0B1C2A54B34B',
			createdAt: '2026-09-01T05:00:00.000Z',
			paidAt: '2026-09-01T05:10:00.000Z',
			deliveredAt: '2026-09-03T05:00:00.000Z',
		},
	],
	consents: [
		{
			termsVersion: '2026-11-26',
			privacyVersion: '2026-11-28',
			ageConfirmed: true,
			acceptedAt: '2026-11-28T02:00:00.000Z',
		},
	],
};

/** Every text a reader sees in the report, headings and values, as one string. */
const readText = (report: ReturnType<typeof dataReport>) =>
	JSON.stringify(report.sections.map((section) => [section.title, section.records]));

describe('the readable page of my data', () => {
	it('has a headed section for each part of the file, in the reader’s language', () => {
		const id = dataReport(data, useTranslations('id'), 'id');
		expect(id.sections.map((section) => section.title)).toEqual([
			'Profil',
			'Barang yang kamu hibahkan',
			'Barang yang kamu minta',
			'Permintaan untuk barangmu',
			'Notifikasi',
			'Pengaturan notifikasi',
			'Perangkat yang menerima push',
			'Laporan yang kamu buat',
			'Organisasi yang kamu daftarkan',
			'Kebutuhan yang kamu pasang',
			'Tawaran yang kamu kirim',
			'Ucapan terima kasih yang kamu tulis',
			'Orang yang kamu blokir',
			'Riwayat masuk',
			'Pencarian yang disimpan',
			'Pengiriman kurir',
			'Persetujuan syarat dan privasi',
		]);
		const en = dataReport(data, useTranslations('en'), 'en');
		expect(en.sections[1]?.title).toBe('Items you give away');
		// Dates read as dates of the reader's language, in Jakarta time.
		expect(id.exportedAt).toBe('28 November 2026, 16.30');
		expect(en.exportedAt).toBe('28 November 2026, 4:30 PM');
		expect(readText(id)).toContain('2 Maret 2026');
		expect(readText(en)).toContain('2 March 2026');
	});

	it('shows every value the file holds, worded rather than coded', () => {
		const text = readText(dataReport(data, useTranslations('id'), 'id'));
		for (const value of [
			'u-budi',
			'budi@example.com',
			'Budi Santoso',
			'+6281234567890',
			'Jl. Kenanga No. 12',
			'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
			'https://hibahin.id/media/avatars/budi.webp',
			'Anggota',
			'Tidak tampil di peringkat sejak 5 Oktober 2026',
			'Syarat dan Ketentuan 26 November 2026, Kebijakan Privasi 28 November 2026',
			'Menyatakan berusia 17 tahun atau lebih',
			'kursi · Perabot',
			'10 Agustus 2026',
			'HBH-abc123',
			'SiCepat REG',
			'Jl. Sukasari No. 5, Gegerkalong, Sukasari 40153',
			'Rp\u00a044.550',
			'SIM0B1C2A54B34B',
			'Lemari kayu jati',
			'Dua pintu, masih kokoh',
			'Perabot',
			'Seperti baru',
			'35,5',
			'https://hibahin.id/media/items/41-b.webp',
			'Sepeda anak',
			'/items/52',
			'Disisihkan',
			'Sudah diterima',
			'1 Mei 2026',
			'Email',
			'22:00–06:00',
			'English',
			'https://fcm.googleapis.com/fcm/send/abc123',
			'/profile/u-rudi',
			'Seragam SD ukuran 8',
			'Untuk anak yang baru masuk kelas satu',
			'/needs/9',
			'Masih dibutuhkan',
			'https://hibahin.id/media/needs/seragam.webp',
			'Kebutuhan #12',
			'/needs/12',
			'Masih bagus, silakan diambil',
			'Diterima',
			'3 Juli 2026',
			'Panti Asuhan Kasih Bunda',
			'Panti asuhan',
			'Jl. Melati No. 7, RT 03/RW 05',
			'Cilandak, Kota Jakarta Selatan, DKI Jakarta',
			'Ibu Sri Rahayu',
			'Terverifikasi',
			'20 Juli 2026',
			'Sudah dihapus',
			'20 Agustus 2026, 03.00',
			'Sepedanya dipakai tiap hari, makasih!',
			'https://hibahin.id/media/thanks/sepeda.webp',
			'/profile/u-sari',
			'penipuan atau mencurigakan',
			'Minta transfer dulu',
			'Sedang ditinjau',
			'28 November 2026, 06.15',
		]) {
			expect(text).toContain(value);
		}
		// The notification reads as the bell says it, and is marked unread.
		expect(text).toContain('Belum dibaca');
		expect(text).toContain('Sepeda anak');
		expect(text).not.toMatch(/account\.data|requestReserved|"DONATED"|"furniture"|"likeNew"/);
	});

	it('says whether the organisation’s document photo is still kept, and whether a moderator has decided', () => {
		const pending = {
			...data,
			organisation: {
				...data.organisation!,
				state: 'pending',
				decidedAt: null,
				documentHeld: true,
				documentDeletedAt: null,
			},
		};
		const organisationOf = (locale: 'id' | 'en') =>
			dataReport(pending, useTranslations(locale), locale).sections.find(
				(section) => section.id === 'organisation',
			)!.records;
		expect(organisationOf('id')).toEqual([
			{
				heading: 'Panti Asuhan Kasih Bunda',
				fields: expect.arrayContaining([
					{ label: 'Status', text: 'Menunggu verifikasi' },
					{ label: 'Diputuskan moderator', text: 'Belum diisi' },
					{
						label: 'Foto dokumen pendukung',
						text: 'Masih disimpan. Hanya kamu dan moderator yang bisa melihatnya.',
					},
				]),
			},
		]);
		expect(JSON.stringify(organisationOf('en'))).toContain(
			'Still kept. Only you and the moderators can see it.',
		);
		const none = dataReport({ ...data, organisation: null }, useTranslations('en'), 'en');
		expect(none.sections.find((section) => section.id === 'organisation')!.records).toEqual([]);
	});

	it('is server-rendered HTML with a heading per section and no script', async () => {
		const container = await AstroContainer.create();
		const html = await container.renderToString(DataReport, {
			props: { report: dataReport(data, useTranslations('en'), 'en'), none: 'None yet.' },
		});
		expect(html.match(/<h2 /g)).toHaveLength(17);
		expect(html).toContain('href="/en/items/41"');
		expect(html).not.toContain('<script');
	});
});
