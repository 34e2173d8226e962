import { TOAST_AUTO_CLOSE_MS } from '@bazaar/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { SessionBootstrap } from '@/features/account/components/session-bootstrap';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionBootstrap />
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={1} newestOnTop />
    </QueryClientProvider>
  );
}
