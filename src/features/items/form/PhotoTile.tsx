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

/** One square photo of the picker's grid with its badges and button. */
export function PhotoTile({ src, srcSet, alt, dimmed = false, badges, children }: PhotoTileProps) {
	return (
		<li className="relative overflow-hidden rounded-box border border-base-300 bg-base-200">
			<img
				src={src}
				srcSet={srcSet}
				sizes="(min-width: 640px) 14rem, 50vw"
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
