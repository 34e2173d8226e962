import { COD_SETTINGS_LIMITS } from '@bazaar/shared/cod';
import { SOCIAL_NETWORKS, type SocialLinkField } from '@bazaar/shared/constants';
import { formatINR } from '@bazaar/shared/money';
import { HOLD_SETTINGS_LIMITS } from '@bazaar/shared/schemas/admin';
import type { ShopSettings } from '@bazaar/shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { textSafeShade } from '@/lib/colour';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { shopSettingsQueryOptions } from '@/lib/shop-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUpdateShopSettings } from '../api/update-settings';
import { CarriersSection } from '../components/carriers-form';
import { GstReportForm } from '../components/gst-report-form';
import { SingleImagePicker } from '../components/image-picker';
import { TaxSettingsForm } from '../components/tax-settings-form';

const DEFAULT_COLOUR = '#2563eb';
const HOLD = HOLD_SETTINGS_LIMITS;
const COD = COD_SETTINGS_LIMITS;

interface SettingsValues {
  name: string;
  email: string;
  phone: string;
  secondEmail: string;
  secondPhone: string;
  address: string;
  facebookUrl: string;
  instagramUrl: string;
  xUrl: string;
  youtubeUrl: string;
  primaryColor: string;
  returnPolicy: string;
  shippingPolicy: string;
  privacyPolicy: string;
  googleAnalyticsId: string;
  holdWindowMinutes: string;
  holdLimitUnits: string;
  holdLimitPercent: string;
  holdAddressMultiple: string;
  returnWindowDays: string;
  codMaxOpenOrders: string;
  codRefuseAfterRto: string;
}

const valuesOf = (s: ShopSettings): SettingsValues => ({
  name: s.name,
  email: s.email ?? '',
  phone: s.phone ?? '',
  secondEmail: s.secondEmail ?? '',
  secondPhone: s.secondPhone ?? '',
  address: s.address ?? '',
  facebookUrl: s.facebookUrl ?? '',
  instagramUrl: s.instagramUrl ?? '',
  xUrl: s.xUrl ?? '',
  youtubeUrl: s.youtubeUrl ?? '',
  primaryColor: s.primaryColor || DEFAULT_COLOUR,
  returnPolicy: s.returnPolicy ?? '',
  shippingPolicy: s.shippingPolicy ?? '',
  privacyPolicy: s.privacyPolicy ?? '',
  googleAnalyticsId: s.googleAnalyticsId ?? '',
  holdWindowMinutes: s.holdWindowMinutes === null ? '' : String(s.holdWindowMinutes),
  holdLimitUnits: String(s.holdLimitUnits),
  holdLimitPercent: String(s.holdLimitPercent),
  holdAddressMultiple: String(s.holdAddressMultiple),
  returnWindowDays: String(s.returnWindowDays),
  codMaxOpenOrders: String(s.codMaxOpenOrders),
  // 0 is off: shown empty, as the admin would leave it.
  codRefuseAfterRto: s.codRefuseAfterRto === 0 ? '' : String(s.codRefuseAfterRto),
});

function PolicyField({
  label,
  registration,
}: {
  label: string;
  registration: ReturnType<ReturnType<typeof useForm<SettingsValues>>['register']>;
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        {label}
      </label>
      <textarea id={id} rows={6} className={inputClasses} {...registration} />
      <p className="mt-1 text-xs text-gray-700">Leave empty to show the shop's built-in policy page.</p>
    </div>
  );
}

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useUpdateShopSettings();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoRemoved, setLogoRemoved] = useState(false);
  const { register, handleSubmit, watch } = useForm<SettingsValues>({ defaultValues: valuesOf(settings) });
  const colour = watch('primaryColor');
  const shade = textSafeShade(colour);
  const colourId = useId();

  const onSubmit = handleSubmit((values) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value.trim());
    if (logoRemoved && !logoFile) form.append('removeLogo', 'true');
    if (logoFile) form.append('logo', logoFile);
    save.mutate(form, {
      onSuccess: () => {
        setServerErrors({});
        setLogoFile(null);
        setLogoRemoved(false);
        notify.success('Shop settings updated!');
      },
      onError: (error) => {
        setServerErrors(fieldErrors(error));
        notify.error(errorMessage(error, 'Failed to update settings.'));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Shop</legend>
        <FormField label="Shop Name" error={serverErrors.name} {...register('name')} />
        <FormField label="Email" type="email" error={serverErrors.email} {...register('email')} />
        <FormField label="Phone" type="tel" error={serverErrors.phone} {...register('phone')} />
        <FormField label="Address" error={serverErrors.address} {...register('address')} />
        <div>
          <label htmlFor={colourId} className="mb-1 block text-sm text-gray-700">
            Primary Color
          </label>
          <div className="flex items-center gap-3">
            <input
              id={colourId}
              type="color"
              className="h-10 w-16 cursor-pointer rounded border border-gray-300 bg-white"
              {...register('primaryColor')}
            />
            <span className="font-mono text-sm">{colour}</span>
          </div>
          {serverErrors.primaryColor ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {serverErrors.primaryColor}
            </p>
          ) : shade && shade.toLowerCase() !== colour.toLowerCase() ? (
            <p className="mt-1 text-xs text-gray-700">
              Too light for white text: buttons and links use the darker shade{' '}
              <span className="inline-block size-3 rounded-sm align-middle" style={{ background: shade }} />{' '}
              {shade} to stay readable.
            </p>
          ) : null}
        </div>
        <FormField
          label="Google Analytics ID"
          placeholder="G-XXXXXXXXXX"
          error={serverErrors.googleAnalyticsId}
          {...register('googleAnalyticsId')}
        />
        <SingleImagePicker
          label="Logo"
          currentUrl={logoRemoved ? null : settings.logo}
          file={logoFile}
          onFile={setLogoFile}
          onRemoveCurrent={() => setLogoRemoved(true)}
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Contact page</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">
          The contact page shows the shop's email and phone above, these second lines and the social links you
          fill in (empty ones are not shown).
        </p>
        <FormField
          label="Second email"
          type="email"
          error={serverErrors.secondEmail}
          {...register('secondEmail')}
        />
        <FormField
          label="Second phone"
          type="tel"
          error={serverErrors.secondPhone}
          {...register('secondPhone')}
        />
        {(Object.keys(SOCIAL_NETWORKS) as SocialLinkField[]).map((field) => (
          <FormField
            key={field}
            label={`${SOCIAL_NETWORKS[field].label} link`}
            type="url"
            placeholder={`https://${SOCIAL_NETWORKS[field].hosts[0]}/…`}
            error={serverErrors[field]}
            {...register(field)}
          />
        ))}
      </fieldset>

      <section
        aria-labelledby="settings-delivery-heading"
        className="rounded-lg border border-gray-200 bg-white p-5"
      >
        <h2 id="settings-delivery-heading" className="text-lg font-semibold">
          Delivery
        </h2>
        <p className="mt-2 text-sm text-gray-700">
          The delivery fee, free delivery, delivery days and where the shop delivers are set per zone on{' '}
          <Link to="/admin/delivery" className="font-medium text-brand-dark underline">
            Delivery zones
          </Link>
          . Carts without a pincode pay the default zone's fee: {formatINR(settings.shippingFee)}
          {settings.freeShippingThreshold === null
            ? '.'
            : `, free from ${formatINR(settings.freeShippingThreshold)}.`}
        </p>
      </section>

      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Unpaid orders</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">
          A placed order holds its items (and its coupon) while the shopper pays. These limits keep one
          shopper from taking a product off sale with orders they never pay: deleting and placing an order
          again keeps its first deadline.
        </p>
        <FormField
          label="Payment window (minutes)"
          type="number"
          min={HOLD.windowMinutes.min}
          max={HOLD.windowMinutes.max}
          step={1}
          placeholder={`${settings.defaultHoldWindowMinutes} (the server's default)`}
          hint={`Empty: the server's default, ${settings.defaultHoldWindowMinutes} minutes.`}
          error={serverErrors.holdWindowMinutes}
          {...register('holdWindowMinutes')}
        />
        <FormField
          label="Units one shopper may hold"
          type="number"
          min={HOLD.units.min}
          max={HOLD.units.max}
          step={1}
          hint="Per product, in all their unpaid orders: this many…"
          error={serverErrors.holdLimitUnits}
          {...register('holdLimitUnits')}
        />
        <FormField
          label="…or this share of the stock (%)"
          type="number"
          min={HOLD.percent.min}
          max={HOLD.percent.max}
          step={1}
          hint="…whichever is more. Counted per account and per browser."
          error={serverErrors.holdLimitPercent}
          {...register('holdLimitPercent')}
        />
        <FormField
          label="Shoppers on one internet connection"
          type="number"
          min={HOLD.addressMultiple.min}
          max={HOLD.addressMultiple.max}
          step={1}
          hint="May hold together this many times one shopper's limit (many share one mobile network address)."
          error={serverErrors.holdAddressMultiple}
          {...register('holdAddressMultiple')}
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Cash on delivery</legend>
        <p className="text-sm text-gray-700 sm:col-span-2">
          Where and for which order values cash on delivery is offered, and its fee, are set per zone (see
          Delivery above). These limits apply to every zone; the checkout page tells a shopper why it is not
          offered.
        </p>
        <FormField
          label="Open COD orders per account"
          type="number"
          min={COD.maxOpenOrders.min}
          max={COD.maxOpenOrders.max}
          step={1}
          hint="Orders placed and not yet delivered, returned or cancelled."
          error={serverErrors.codMaxOpenOrders}
          {...register('codMaxOpenOrders')}
        />
        <FormField
          label="Refuse COD after returned parcels"
          type="number"
          min={COD.refuseAfterRto.min}
          max={COD.refuseAfterRto.max}
          step={1}
          placeholder="Off"
          hint="An account with this many parcels refused at the door (Returned to origin) pays online. Empty or 0: off."
          error={serverErrors.codRefuseAfterRto}
          {...register('codRefuseAfterRto')}
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Policies</legend>
        <FormField
          label="Return window (days)"
          type="number"
          min={0}
          max={90}
          step={1}
          hint="Days after delivery a shopper may ask to return items (the product page says so); 0: no returns."
          error={serverErrors.returnWindowDays}
          {...register('returnWindowDays')}
        />
        <PolicyField label="Return Policy" registration={register('returnPolicy')} />
        <PolicyField label="Shipping Policy" registration={register('shippingPolicy')} />
        <PolicyField label="Privacy Policy" registration={register('privacyPolicy')} />
      </fieldset>

      <div>
        <Button type="submit" size="lg" loading={save.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** Shop Settings: the spec's form, loaded from the shop's current settings (delivery is on Delivery zones). */
export function ShopSettingsPage() {
  useDocumentTitle('Shop Settings');
  // Read afresh: another admin may have saved since this tab loaded them.
  const settings = useQuery({ ...shopSettingsQueryOptions(), staleTime: 0 });
  return (
    <section className="max-w-4xl">
      <h1 className="mb-6 text-2xl font-semibold">Shop Settings</h1>
      {settings.isPending ? (
        <Spinner size={32} label="Loading the settings…" />
      ) : settings.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(settings.error, 'Failed to fetch settings.')}
        </p>
      ) : (
        <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
      )}
      <TaxSettingsForm />
      <GstReportForm />
      <CarriersSection />
    </section>
  );
}
