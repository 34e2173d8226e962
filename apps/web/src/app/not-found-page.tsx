import { NotFound } from '@/components/ui/not-found';

/** Every address no route knows. */
export function NotFoundPage() {
  return <NotFound />;
}
