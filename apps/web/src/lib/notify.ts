import { toast } from 'react-toastify';

/** Per toast: how long it stays (the spec's 1500 ms unless a longer text needs time to be read). */
export interface NotifyOptions {
  autoCloseMs?: number;
}

const options = (o: NotifyOptions = {}) => (o.autoCloseMs ? { autoClose: o.autoCloseMs } : {});

/**
 * Toasts as the spec configures them (top-right, 1500 ms, one at a time):
 * a new toast replaces the one on screen.
 */
export const notify = {
  success(message: string, o?: NotifyOptions) {
    toast.dismiss();
    toast.success(message, options(o));
  },
  error(message: string, o?: NotifyOptions) {
    toast.dismiss();
    toast.error(message, options(o));
  },
  info(message: string, o?: NotifyOptions) {
    toast.dismiss();
    toast.info(message, options(o));
  },
  warning(message: string, o?: NotifyOptions) {
    toast.dismiss();
    toast.warning(message, options(o));
  },
};
