export type { BadgeProps, BadgeTone } from './Badge';
export { Badge } from './Badge';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
export { Button } from './Button';
export { Card, CardTitle } from './Card';
export type { DialogProps } from './Dialog';
export { Dialog, DialogClose } from './Dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './DropdownMenu';
export type { EmptyStateProps } from './EmptyState';
export { EmptyState } from './EmptyState';
export type { ErrorPanelProps } from './ErrorPanel';
export { ErrorPanel } from './ErrorPanel';
export type { CheckboxProps, TextFieldProps } from './form';
export { Checkbox, Label, TextField } from './form';
export type { IconButtonProps } from './IconButton';
export { IconButton } from './IconButton';
export type { KpiTileProps, KpiTone } from './KpiTile';
export { KpiTile } from './KpiTile';
export { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './Popover';
export type { SelectOption, SelectProps } from './Select';
export { Select } from './Select';
export type { SideSheetProps } from './SideSheet';
export { SideSheet } from './SideSheet';
export type { SkeletonProps } from './Skeleton';
export { Skeleton } from './Skeleton';
export type { SpinnerProps } from './Spinner';
export { Spinner } from './Spinner';
export type { SwitchProps } from './Switch';
export { Switch } from './Switch';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
export type { TooltipProps } from './Tooltip';
export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip, TooltipProvider } from './Tooltip';
