import {
  CONTACT_FAILED,
  CONTACT_LIMITS,
  CONTACT_SENT,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  type ContactForm as ContactFormBody,
  contactFormSchema,
} from '@bazaar/shared/schemas/content';
import { NAME_MAX } from '@bazaar/shared/schemas/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useSendContactMessage } from '../api/send-contact-message';

/** What the inputs hold: text, with no subject chosen yet. */
interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  orderNumber: string;
  message: string;
}

const FIELDS = ['name', 'email', 'subject', 'orderNumber', 'message'] as const;

/** A labelled select or text area with its error tied to it, like FormField's inputs. */
function Labelled({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        {label}
      </label>
      {children({ id, describedBy: error ? errorId : undefined })}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-brand-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The contact page's form. The browser checks it with the schema the server
 * uses; a signed-in shopper finds their name and email filled in.
 */
export function ContactForm() {
  const user = useSession((s) => s.user);
  const sending = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactFormBody>({
    // The schema's input has the subject as one of six values; the select starts empty.
    resolver: zodResolver(contactFormSchema) as never,
    defaultValues: { name: '', email: '', subject: '', orderNumber: '', message: '' },
  });

  // The account's name and email fill in once the session has loaded, without overwriting what was typed.
  useEffect(() => {
    if (!user) return;
    if (!getValues('name')) setValue('name', user.name);
    if (!getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  const onSubmit = handleSubmit((body) =>
    sending.mutate(body, {
      onSuccess: () => {
        notify.success(CONTACT_SENT);
        const { name, email } = getValues();
        reset({ name, email, subject: '', orderNumber: '', message: '' });
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        for (const field of FIELDS) {
          if (fields[field]) setError(field, { type: 'server', message: fields[field] });
        }
        // Too many messages: the server says when to try again.
        notify.error(error instanceof ApiError && error.status === 429 ? error.message : CONTACT_FAILED);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact us" className="flex flex-col gap-5">
      <p className="text-sm text-gray-700">Fields marked * are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Your Name *"
          autoComplete="name"
          maxLength={NAME_MAX}
          aria-required
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Your Email *"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          aria-required
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Labelled label="Subject *" error={errors.subject?.message}>
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-required
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy}
              className={inputClasses}
              {...register('subject')}
            >
              <option value="">Select a subject</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {CONTACT_SUBJECT_LABELS[subject]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <FormField
          label="Order Number (optional)"
          autoComplete="off"
          maxLength={CONTACT_LIMITS.orderNumber}
          error={errors.orderNumber?.message}
          {...register('orderNumber')}
        />
      </div>
      <Labelled label="Message *" error={errors.message?.message}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            aria-required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClasses} resize-y`}
            {...register('message')}
          />
        )}
      </Labelled>
      <div>
        <Button type="submit" size="lg" loading={sending.isPending}>
          {sending.isPending ? 'Sending…' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
