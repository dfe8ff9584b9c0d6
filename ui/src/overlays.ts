// '@yoman/ui/overlays': the Radix-based primitives (dialogs, sheets, menus, popovers, selects, tooltips,
// switches, tabs, form fields). A separate Module Federation singleton, so
// /auth, which uses none of them, never downloads them. Anything stateful of the core entry (toasts, the
// api, the direction) is reached through '@yoman/ui', never by relative path, so there stays one copy.
export type { DialogProps } from './primitives/Dialog';
export { Dialog, DialogClose } from './primitives/Dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './primitives/DropdownMenu';
export type { CheckboxProps, TextFieldProps } from './primitives/form';
export { Checkbox, Label, TextField } from './primitives/form';
export { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './primitives/Popover';
export type { SelectOption, SelectProps } from './primitives/Select';
export { Select } from './primitives/Select';
export type { SideSheetProps } from './primitives/SideSheet';
export { SideSheet } from './primitives/SideSheet';
export type { SwitchProps } from './primitives/Switch';
export { Switch } from './primitives/Switch';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './primitives/Tabs';
export type { TooltipProps } from './primitives/Tooltip';
export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip, TooltipProvider } from './primitives/Tooltip';
