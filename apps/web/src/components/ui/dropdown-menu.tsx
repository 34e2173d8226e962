import { DropdownMenu as Menu } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Radix's dropdown menu with the shop's look. Radix brings keyboard navigation,
 * focus return and closing on an outside click or Escape.
 */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;

export function DropdownMenuContent({
  className = '',
  sideOffset = 8,
  align = 'end',
  ...rest
}: ComponentPropsWithoutRef<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        align={align}
        className={`z-50 min-w-56 rounded-md bg-black/85 p-2 text-white shadow-lg backdrop-blur-md ${className}`}
        {...rest}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className = '', ...rest }: ComponentPropsWithoutRef<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={`flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-white/15 ${className}`}
      {...rest}
    />
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-white/20" />;
}
