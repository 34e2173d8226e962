import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}

/**
 * A panel sliding in from the left on small screens (Radix Dialog: focus trap,
 * Escape, outside click and scroll lock come with it).
 */
export function Sheet({ open, onOpenChange, title, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="rounded p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
              aria-label="Close menu"
            >
              <CloseIcon size={20} />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-2">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const SheetClose = Dialog.Close;
