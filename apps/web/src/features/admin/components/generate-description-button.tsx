import type { ProductDescriptionBody } from '@bazaar/shared/schemas/admin';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useGenerateDescription } from '../api/generate-description';

function SparklesIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      aria-hidden="true"
    >
      <path
        d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.1 2.1M15.6 15.6l2.1 2.1M6.3 17.7l2.1-2.1M15.6 8.4l2.1-2.1"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The Generate with AI icon beside the description: needs the name and the
 * brand, shows a spinner while the server writes, and hands the text back.
 */
export function GenerateDescriptionButton({
  facts,
  onDescription,
}: {
  /** Reads the form at the moment of the click. */
  facts: () => Partial<ProductDescriptionBody>;
  onDescription(text: string): void;
}) {
  const generate = useGenerateDescription();
  const onClick = () => {
    const body = facts();
    if (!body.name?.trim() || !body.brand?.trim()) {
      notify.error('Please enter product name and features');
      return;
    }
    generate.mutate(body as ProductDescriptionBody, {
      onSuccess: (reply) => {
        onDescription(reply.description);
        if (reply.notice) notify.info(reply.notice);
        else
          notify.success(
            reply.writer === 'gemini'
              ? 'Description written by AI'
              : 'Description written from the product details',
          );
      },
      onError: () => notify.error('Failed to generate description'),
    });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={generate.isPending}
      aria-label="Generate with AI"
      title="Generate with AI"
      className="inline-flex items-center gap-1.5 rounded px-2 py-1 text-sm font-medium text-brand hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-70"
    >
      {generate.isPending ? <Spinner size={18} label="Writing a description…" /> : <SparklesIcon />}
      <span aria-hidden="true">Generate with AI</span>
    </button>
  );
}
