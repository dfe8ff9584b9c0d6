// The light primitives, part of the '@yoman/ui' entry that /auth and the layout load first. The Radix-based
// primitives (overlays, tabs, form fields) are exported from '@yoman/ui/overlays' (src/overlays.ts) so the sign-in page never downloads them.
export type { BadgeProps, BadgeTone } from './Badge';
export { Badge } from './Badge';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
export { Button } from './Button';
export { Card, CardTitle } from './Card';
export type { EmptyStateProps } from './EmptyState';
export { EmptyState } from './EmptyState';
export type { ErrorPanelProps } from './ErrorPanel';
export { ErrorPanel } from './ErrorPanel';
export type { IconButtonProps } from './IconButton';
export { IconButton } from './IconButton';
export type { KpiTileProps, KpiTone } from './KpiTile';
export { KpiTile } from './KpiTile';
export type { SkeletonProps } from './Skeleton';
export { Skeleton } from './Skeleton';
export type { SpinnerProps } from './Spinner';
export { Spinner } from './Spinner';
// The dimmed backdrop of the overlays, for a remote's own stand-in while an overlay's code downloads.
export { overlay } from './surfaces';
