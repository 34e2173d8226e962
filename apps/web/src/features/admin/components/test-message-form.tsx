import { type TestMessageBody, testMessageBodySchema } from '@bazaar/shared/schemas/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSendTestMessage } from '../api/send-test-message';

type Values = z.input<typeof testMessageBodySchema>;

/** Sends WhatsApp's sample template to a number the admin types: the set-up works if it arrives. */
export function TestMessageForm() {
  const send = useSendTestMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof testMessageBodySchema>>({
    resolver: zodResolver(testMessageBodySchema),
    defaultValues: { phone: '' },
  });

  const onSubmit = handleSubmit((body) =>
    send.mutate(body as TestMessageBody, {
      onSuccess: ({ message }) => {
        notify.success(`Test message queued to ${message.recipient}`);
        reset({ phone: '' });
      },
      onError: (error) => {
        const phone = fieldErrors(error).phone;
        if (phone) setError('phone', { message: phone });
        notify.error(errorMessage(error, 'Failed to send the test message'));
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="test-message-heading"
      className="mt-6 rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="test-message-heading" className="mb-4 text-lg font-semibold">
        Send a test WhatsApp message
      </h2>
      <div className="flex flex-wrap items-start gap-4">
        <FormField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="98765 43210"
          hint="An Indian mobile number; +91 is added"
          className="w-64"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Button type="submit" loading={send.isPending} className="mt-6">
          Send test
        </Button>
      </div>
    </form>
  );
}
