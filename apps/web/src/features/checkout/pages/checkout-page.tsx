import { CHECKOUT_MESSAGES, SHOP_TIME_ZONE } from '@bazaar/shared/constants';
import type { Address } from '@bazaar/shared/schemas/addresses';
import {
  type BillingDetails,
  billingDetailsSchema,
  CHECKOUT_LIMITS,
  type CheckoutSummary as Summary,
} from '@bazaar/shared/schemas/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AddressPicker } from '@/components/address-book/address-picker';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCheckout } from '../api/get-checkout';
import { usePlaceOrder } from '../api/place-order';
import { CheckoutSummary } from '../components/checkout-summary';
import { type PaymentChoice, PaymentMethod } from '../components/payment-method';
import { billingDefaults, orderBody } from '../lib/billing';
import { payOrder } from '../lib/pay-order';

type Values = z.input<typeof billingDetailsSchema>;

/** "4:45 pm": when an order must be paid, shop time (the same on the server's HTML and in the browser). */
const payByTime = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
type Checked = z.output<typeof billingDetailsSchema>;

/** The spec's toast when a required field is empty, besides the message under each field. */
function hasMissing(errors: FieldErrors<Values>): boolean {
  return Object.values(errors).some((e) => e?.message === CHECKOUT_MESSAGES.requiredFields);
}

export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const checkout = useCheckout();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/" className="hover:text-black">
          Home
        </Link>
        <span className="mx-2">/</span>
        <Link to="/cart" className="hover:text-black">
          Cart
        </Link>
        <span className="mx-2">/</span>
        <span className="text-black" aria-current="page">
          CheckOut
        </span>
      </nav>
      {checkout.isPending ? (
        // A whole screen tall, as the route's own loader is (app/guards.tsx): the footer stays below the
        // fold while the shopper's data arrives, instead of jumping down when it does (layout shift).
        <div className="flex min-h-svh justify-center py-24">
          <Spinner size={40} label="Loading your cart…" />
        </div>
      ) : checkout.isError ? (
        <p role="alert" className="py-24 text-center text-gray-700">
          Your cart could not be loaded. Please reload the page.
        </p>
      ) : checkout.data.items.length === 0 ? (
        <div className="py-24 text-center">
          <h1 className="text-2xl font-medium">No Items in Cart</h1>
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
            Return to shop
          </Link>
        </div>
      ) : (
        <CheckoutForm summary={checkout.data} />
      )}
    </section>
  );
}

function CheckoutForm({ summary }: { summary: Summary }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const placeOrder = usePlaceOrder();
  const [paying, setPaying] = useState(false);
  const [deliverTo, setDeliverTo] = useState<Address | null>(null);
  const [method, setMethod] = useState<PaymentChoice>('online');
  // The order is priced for the chosen address: the summary follows it (zone fee, GST split).
  const forAddress = useCheckout(deliverTo?._id ?? null);
  const priced = deliverTo && forAddress.data ? forAddress.data : summary;
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<Values, unknown, Checked>({
    resolver: zodResolver(billingDetailsSchema),
    mode: 'onTouched',
    defaultValues: billingDefaults(summary.lastDetails, user?.email ?? ''),
  });
  const busy = placeOrder.isPending || paying;
  const chooseAddress = useCallback(
    (a: Address | null) => {
      setDeliverTo(a);
      if (!a) return;
      // The typed address fields stay valid (and hidden); the server copies the book's address itself.
      setValue('street', a.line1);
      setValue('apartment', a.line2 ?? '');
      setValue('city', a.city);
      setValue('state', a.state);
      setValue('pinCode', a.pincode);
      const [first = '', ...rest] = a.name.split(' ');
      setValue('firstName', first);
      setValue('lastName', rest.join(' '));
      setValue('phone', a.phone);
    },
    [setValue],
  );

  const onSubmit = handleSubmit(
    async (details) => {
      if (!useSession.getState().isAuthenticated) {
        notify.error(CHECKOUT_MESSAGES.loginFirst);
        navigate('/login?next=%2Fcart%2Fcheckout');
        return;
      }
      notify.info(CHECKOUT_MESSAGES.processing);
      let payment: Awaited<ReturnType<typeof placeOrder.mutateAsync>>;
      const cod = method === 'cod' && priced.cod?.available === true;
      try {
        const body = orderBody(details as BillingDetails & Checked, deliverTo?._id ?? null);
        payment = await placeOrder.mutateAsync(cod ? { ...body, paymentMethod: 'cod' } : body);
      } catch (error) {
        // A refusal the shopper can act on (stock, coupon) says what; anything else is the spec's alert.
        const actionable = error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';
        notify.error(actionable ? error.message : CHECKOUT_MESSAGES.initiateFailed);
        await queryClient.invalidateQueries();
        return;
      }
      if ('paymentMethod' in payment) {
        notify.success('Order placed. Confirm it from the mail we sent you, or here, so we can ship it.');
        await queryClient.invalidateQueries();
        navigate(`/orders/${payment.orderId}`, { replace: true });
        return;
      }
      setPaying(true);
      try {
        const outcome = await payOrder(payment);
        // Paid or not, the order now exists and the cart may have changed: everything is read again.
        await queryClient.invalidateQueries();
        navigate('/orders', { replace: outcome === 'paid' });
      } finally {
        setPaying(false);
      }
    },
    (invalid) => {
      if (hasMissing(invalid)) notify.error(CHECKOUT_MESSAGES.requiredFields);
    },
  );

  return (
    <div className="mt-10 grid gap-12 lg:grid-cols-2">
      <div>
        <h1 className="text-3xl font-medium">Billing Details</h1>
        {user ? (
          <div className="mt-8">
            <AddressPicker value={deliverTo?._id ?? null} onChange={chooseAddress} />
          </div>
        ) : null}
        <form id="checkout-form" onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-6">
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              label="First Name*"
              autoComplete="given-name"
              maxLength={CHECKOUT_LIMITS.firstName}
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <FormField
              label="Last Name"
              autoComplete="family-name"
              maxLength={CHECKOUT_LIMITS.lastName}
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <div className={deliverTo ? 'hidden' : 'flex flex-col gap-6'}>
            <FormField
              label="Street Address*"
              autoComplete="address-line1"
              maxLength={CHECKOUT_LIMITS.street}
              error={errors.street?.message}
              {...register('street')}
            />
            <FormField
              label="Apartment, floor, etc. (optional)"
              autoComplete="address-line2"
              maxLength={CHECKOUT_LIMITS.apartment}
              error={errors.apartment?.message}
              {...register('apartment')}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                label="Town/City*"
                autoComplete="address-level2"
                maxLength={CHECKOUT_LIMITS.city}
                error={errors.city?.message}
                {...register('city')}
              />
              <FormField
                label="State*"
                autoComplete="address-level1"
                maxLength={CHECKOUT_LIMITS.state}
                error={errors.state?.message}
                {...register('state')}
              />
            </div>
            <FormField
              label="Pin Code*"
              autoComplete="postal-code"
              maxLength={CHECKOUT_LIMITS.pinCode}
              error={errors.pinCode?.message}
              {...register('pinCode')}
            />
          </div>
          <FormField
            label="Phone Number*"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={CHECKOUT_LIMITS.phoneDigits}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <FormField
            label="Email Address*"
            type="email"
            autoComplete="email"
            maxLength={CHECKOUT_LIMITS.email}
            error={errors.email?.message}
            {...register('email')}
          />
          <p className="text-xs text-gray-600">
            We use these details for this order's delivery; they are offered again at your next checkout.
          </p>
        </form>
      </div>
      <div className="lg:pt-16">
        <CheckoutSummary summary={priced} />
        <PaymentMethod cod={priced.cod} value={method} onChange={setMethod} />
        {priced.deliveryRefusal ? (
          <p role="alert" className="mt-4 rounded border border-brand p-3 text-sm">
            {priced.deliveryRefusal}
          </p>
        ) : null}
        {summary.holdRefusals.length > 0 ? (
          <div role="alert" className="mt-6 rounded border border-brand p-4 text-sm">
            <p className="font-medium">This order cannot be placed yet</p>
            <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
              {summary.holdRefusals.map((refusal) => (
                <li key={refusal.product ?? 'coupon'}>{refusal.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="mt-6 text-xs text-gray-600">
          {summary.payBy
            ? `Items of the unpaid order you deleted keep its payment time: pay for this order by ${payByTime.format(new Date(summary.payBy))}, or it is released.`
            : `Your items are held for you for ${summary.holdMinutes} minutes while you pay; an order left unpaid is released after that.`}
        </p>
        <Button type="submit" form="checkout-form" size="lg" className="mt-6" loading={busy} disabled={busy}>
          Place order
        </Button>
      </div>
    </div>
  );
}
