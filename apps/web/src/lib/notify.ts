import { toast } from 'react-toastify';

/**
 * Toasts as the spec configures them (top-right, 1500 ms, one at a time):
 * a new toast replaces the one on screen.
 */
export const notify = {
  success(message: string) {
    toast.dismiss();
    toast.success(message);
  },
  error(message: string) {
    toast.dismiss();
    toast.error(message);
  },
  info(message: string) {
    toast.dismiss();
    toast.info(message);
  },
};
