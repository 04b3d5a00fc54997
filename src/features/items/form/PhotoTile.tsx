import type { ReactNode } from 'react';

interface PhotoTileProps {
	src: string;
	srcSet?: string | undefined;
	alt: string;
	/** Photos marked for deletion are greyed out. */
	dimmed?: boolean;
	/** Small badges over the top-left corner. */
	badges: ReactNode;
	/** The tile's button (remove or undo). */
	children: ReactNode;
}

/**
 * How wide a tile is drawn: the form's width (the page's, less its 1rem margins, up to 48rem)
 * shared by 2 columns, 3 from `sm`, less the 0.75rem gaps.
 */
const tileSizes = [
	'(min-width: 48rem) calc((48rem - 2rem - 1.5rem) / 3)',
	'(min-width: 40rem) calc((100vw - 2rem - 1.5rem) / 3)',
	'calc((100vw - 2rem - 0.75rem) / 2)',
].join(', ');

/** One square photo of the picker's grid with its badges and button. */
export function PhotoTile({ src, srcSet, alt, dimmed = false, badges, children }: PhotoTileProps) {
	return (
		<li className="relative overflow-hidden rounded-box border border-base-300 bg-base-200">
			<img
				src={src}
				srcSet={srcSet}
				sizes={tileSizes}
				alt={alt}
				className={`aspect-square w-full object-cover ${dimmed ? 'opacity-40 grayscale' : ''}`}
			/>
			<div className="absolute top-2 left-2 flex flex-wrap gap-1">{badges}</div>
			{children}
		</li>
	);
}

interface RemovePhotoButtonProps {
	id?: string;
	/** 'Remove photo 2': the button shows only a cross. */
	label: string;
	onClick: () => void;
}

/** The round cross in a tile's top-right corner. */
export function RemovePhotoButton({ id, label, onClick }: RemovePhotoButtonProps) {
	return (
		<button
			id={id}
			type="button"
			className="btn absolute top-2 right-2 btn-circle border-base-300 bg-base-100/90 btn-sm"
			aria-label={label}
			onClick={onClick}
		>
			<svg
				aria-hidden="true"
				viewBox="0 0 24 24"
				className="size-4"
				fill="none"
				stroke="currentColor"
				strokeWidth="2.5"
			>
				<path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
			</svg>
		</button>
	);
}

/** The plus of the add tile. */
export function PlusIcon() {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			className="size-8"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
		>
			<path d="M12 5v14M5 12h14" strokeLinecap="round" />
		</svg>
	);
}
