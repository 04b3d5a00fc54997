import type { TFunction } from 'i18next';
import {
	type KeyboardEvent,
	type TouchEvent,
	useCallback,
	useId,
	useMemo,
	useRef,
	useState,
} from 'react';
import type { ItemPhoto } from '~/features/items/items';
import { createAnimationLock, type GalleryStep, keyStep, steppedIndex, swipeStep } from './gallery';
import { ChevronIcon, MissingPhotoIcon } from './icons';

interface ItemGalleryProps {
	photos: ItemPhoto[];
	name: string;
	t: TFunction;
}

/**
 * How wide the photos are drawn. The main one takes the page's width less its 1rem margins, and
 * from `lg` half of it less the 2rem gap, up to the page's 72rem. Thumbnails are 4rem (5rem from
 * `sm`) less their 2px borders.
 */
const mainSizes = [
	'(min-width: 72rem) calc((72rem - 2rem - 2rem) / 2)',
	'(min-width: 64rem) calc((100vw - 2rem - 2rem) / 2)',
	'calc(100vw - 2rem)',
].join(', ');
const thumbnailSizes = '(min-width: 40rem) calc(5rem - 4px), calc(4rem - 4px)';

/**
 * The item's photos: one large photo that slides, previous/next buttons that cycle around,
 * thumbnails, ←/→ keys and touch swipes. A change waits for the running 300 ms slide, and a
 * photo that fails to load is replaced by a placeholder.
 */
export function ItemGallery({ photos, name, t }: ItemGalleryProps) {
	const [selected, setSelected] = useState(0);
	const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
	const lock = useMemo(() => createAnimationLock(), []);
	const touchStart = useRef<{ x: number; y: number } | null>(null);
	const hintId = useId();
	const count = photos.length;
	// The donor may remove photos while the page is open.
	const current = Math.min(selected, Math.max(0, count - 1));

	const show = (index: number) => {
		if (index !== current && lock.acquire()) setSelected(index);
	};
	const step = (direction: GalleryStep) => show(steppedIndex(current, count, direction));

	const markFailed = useCallback(
		(src: string) => setFailed((set) => (set.has(src) ? set : new Set(set).add(src))),
		[],
	);
	// An image that failed before the island hydrated never fires `onError` for React.
	const checkLoaded = useCallback(
		(src: string) => (image: HTMLImageElement | null) => {
			if (image?.complete && image.naturalWidth === 0) markFailed(src);
		},
		[markFailed],
	);

	const onKeyDown = (event: KeyboardEvent) => {
		const direction = count > 1 ? keyStep(event.key) : null;
		if (!direction) return;
		event.preventDefault();
		step(direction);
	};
	const onTouchStart = (event: TouchEvent) => {
		const touch = event.touches[0];
		touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
	};
	const onTouchEnd = (event: TouchEvent) => {
		const touch = event.changedTouches[0];
		const start = touchStart.current;
		touchStart.current = null;
		if (!start || !touch || count < 2) return;
		const direction = swipeStep(start, { x: touch.clientX, y: touch.clientY });
		if (direction) step(direction);
	};

	const placeholder = (compact: boolean) => (
		<div className="flex size-full flex-col items-center justify-center gap-2 bg-base-200 p-2 text-center text-base-content/75">
			<MissingPhotoIcon className={compact ? 'size-6' : 'size-12'} />
			{compact ? (
				<span className="sr-only">{t('item.photoPlaceholder')}</span>
			) : (
				<p>{t('item.photoPlaceholder')}</p>
			)}
		</div>
	);

	return (
		<section
			aria-roledescription="carousel"
			aria-label={t('itemDetail.gallery.label')}
			aria-describedby={count > 1 ? hintId : undefined}
			className="flex flex-col gap-3"
			onKeyDown={onKeyDown}
		>
			<div
				className="relative aspect-4/3 touch-pan-y overflow-hidden rounded-box bg-base-200"
				onTouchStart={onTouchStart}
				onTouchEnd={onTouchEnd}
			>
				<div
					className="flex h-full transition-transform duration-300 ease-out motion-reduce:transition-none"
					style={{ transform: `translateX(-${current * 100}%)` }}
				>
					{photos.map((photo, index) => (
						<div
							key={photo.src}
							role="group"
							aria-roledescription="slide"
							aria-label={t('itemDetail.gallery.position', { index: index + 1, count })}
							aria-hidden={index !== current}
							inert={index !== current}
							className="size-full shrink-0"
						>
							{failed.has(photo.src) ? (
								placeholder(false)
							) : (
								<img
									ref={checkLoaded(photo.src)}
									src={photo.src}
									srcSet={photo.srcset}
									sizes={mainSizes}
									width={photo.width}
									height={photo.height}
									alt={t('item.photoAlt', { index: index + 1, name })}
									loading={index === 0 ? 'eager' : 'lazy'}
									fetchPriority={index === 0 ? 'high' : 'auto'}
									decoding="async"
									className="size-full object-contain"
									onError={() => markFailed(photo.src)}
								/>
							)}
						</div>
					))}
				</div>
				{count > 1 && (
					<>
						<button
							type="button"
							className="btn btn-circle absolute top-1/2 left-2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow"
							aria-label={t('itemDetail.gallery.previous')}
							onClick={() => step('previous')}
						>
							<ChevronIcon direction="left" />
						</button>
						<button
							type="button"
							className="btn btn-circle absolute top-1/2 right-2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow"
							aria-label={t('itemDetail.gallery.next')}
							onClick={() => step('next')}
						>
							<ChevronIcon direction="right" />
						</button>
						<p
							aria-live="polite"
							className="badge absolute right-2 bottom-2 border-0 bg-neutral/85 text-neutral-content"
						>
							{t('itemDetail.gallery.position', { index: current + 1, count })}
						</p>
					</>
				)}
			</div>
			{count > 1 && (
				<p id={hintId} className="sr-only">
					{t('itemDetail.gallery.keyboardHint')}
				</p>
			)}
			{count > 1 && (
				<ul className="flex gap-2 overflow-x-auto p-1">
					{photos.map((photo, index) => (
						<li key={photo.src} className="shrink-0">
							<button
								type="button"
								aria-label={t('itemDetail.gallery.show', { index: index + 1 })}
								aria-current={index === current ? 'true' : undefined}
								className={`block size-16 overflow-hidden rounded-field border-2 bg-base-200 sm:size-20 ${
									index === current ? 'border-primary' : 'border-transparent opacity-80'
								}`}
								onClick={() => show(index)}
							>
								{failed.has(photo.src) ? (
									placeholder(true)
								) : (
									<img
										src={photo.src}
										srcSet={photo.srcset}
										sizes={thumbnailSizes}
										width={photo.width}
										height={photo.height}
										alt=""
										loading="lazy"
										decoding="async"
										className="size-full object-cover"
										onError={() => markFailed(photo.src)}
									/>
								)}
							</button>
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
