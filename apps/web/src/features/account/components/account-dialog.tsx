import {
  ACCOUNT_FIELD_LABELS,
  ACCOUNT_TEXTS,
  type AccountCustomer,
  accountSchema,
  CDN_PROTOCOLS,
  CERTIFICATE_EXTENSIONS,
  type EditCustomerFields,
  PAYMENT_PLAN_OPTIONS,
  type PaymentPlan,
  PLAN_FEATURES,
  PRIVATE_KEY_EXTENSIONS,
  TEXTS,
  type TimeZoneOption,
  type User,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import {
  Alert,
  Button,
  Center,
  Fieldset,
  Grid,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { useEditCustomer } from '../api/edit-customer.ts';
import { useCustomer } from '../api/get-customer.ts';
import { usePaymentPlans } from '../api/get-payment-plans.ts';
import { useTimeZones } from '../api/get-time-zones.ts';
import { ACCOUNT_UI, failureMessage } from '../texts.ts';
import { ApiAccess } from './api-access.tsx';
import { KeyFileField } from './key-file-field.tsx';
import { LogoField } from './logo-field.tsx';
import { PlanFeaturesTable } from './plan-features-table.tsx';

/** The account dialog's id in its Modal.Stack (the upgrade dialogs stack above it). */
export const ACCOUNT_STACK_ID = 'account';

type CdnProtocol = (typeof CDN_PROTOCOLS)[number];

export interface AccountValues {
  paymentPlan: string | null;
  timezone: number | null;
  uploadLogo: boolean;
  logo: File | null;
  loginLogo: File | null;
  addCustomDomain: boolean;
  customDomainName: string;
  isCertificateModified: boolean;
  /** A newly chosen certificate, or the saved one's file name. */
  certificateUrl: File | string | null;
  privateKeyUrl: File | string | null;
  cdnProtocol: CdnProtocol;
  cdnDomain: string;
}

const fromCustomer = (customer: AccountCustomer): AccountValues => ({
  paymentPlan: customer.paymentPlan || null,
  timezone: Number.isFinite(customer.timezone) ? customer.timezone : null,
  uploadLogo: false,
  logo: null,
  loginLogo: null,
  addCustomDomain: customer.addCustomDomain,
  customDomainName: customer.customDomainName ?? '',
  isCertificateModified: false,
  certificateUrl: customer.certificateUrl,
  privateKeyUrl: customer.privateKeyUrl,
  cdnProtocol: customer.cdnProtocol,
  cdnDomain: customer.cdnDomain ?? '',
});

/** Server field names (the multipart file fields) -> the form's. */
const SERVER_FIELDS: Record<string, keyof AccountValues> = {
  certificate: 'certificateUrl',
  privateKey: 'privateKeyUrl',
};

/** The custom domain's certificate and private-key pickers, in the order shown. */
const KEY_FILES = [
  { field: 'certificateUrl', testId: 'certificate-file', extensions: CERTIFICATE_EXTENSIONS },
  { field: 'privateKeyUrl', testId: 'private-key-file', extensions: PRIVATE_KEY_EXTENSIONS },
] as const;

/** The shared rules; the form holds nulls where the schema's input has none (an empty select). */
const validate = zodValidate(accountSchema) as unknown as (values: AccountValues) => Record<string, string>;

/** One option per zone name (Mantine refuses duplicate values). */
const uniqueZones = (zones: readonly TimeZoneOption[]) => {
  const seen = new Set<string>();
  return zones.filter((zone) => !seen.has(zone.value) && seen.add(zone.value));
};

export interface AccountDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user the console presents; the account is its customer's. */
  user: User;
}

/**
 * My Account (spec sections 2, 4 and 5): plan and time zone, logos, custom domain, sub-domain,
 * CDN and API access. A Modal.Stack holds it and the upgrade dialogs, so only the top one is
 * shown, traps the focus and closes on Escape.
 */
export function AccountDialog({ opened, onClose, user }: AccountDialogProps) {
  return (
    <Modal.Stack>
      <Modal stackId={ACCOUNT_STACK_ID} opened={opened} onClose={onClose} title={TEXTS.myAccount} size="lg">
        <AccountBody user={user} onDone={onClose} />
      </Modal>
    </Modal.Stack>
  );
}

function AccountBody({ user, onDone }: { user: User; onDone: () => void }) {
  const customer = useCustomer(user.customerId._id);
  if (customer.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the account" />
      </Center>
    );
  }
  if (customer.isError) {
    return (
      <Stack>
        <Alert color="red" title={ACCOUNT_UI.loadFailed} role="alert">
          {failureMessage(customer.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {ACCOUNT_UI.cancel}
          </Button>
          <Button onClick={() => void customer.refetch()} loading={customer.isFetching}>
            {ACCOUNT_UI.retry}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <AccountForm
      customer={customer.data}
      userId={user._id}
      isMainAdmin={user.profile.isMainAdmin}
      onDone={onDone}
    />
  );
}

function AccountForm({
  customer,
  userId,
  isMainAdmin,
  onDone,
}: {
  customer: AccountCustomer;
  userId: string;
  isMainAdmin: boolean;
  onDone: () => void;
}) {
  const plans = usePaymentPlans();
  const zones = useTimeZones();
  const save = useEditCustomer({ customerId: customer._id, userId });
  const revalidator = useRevalidator();
  // Only the custom domain name is checked as it is left (its own onBlur, below).
  const form = useConsoleForm<AccountValues>({
    mode: 'controlled',
    validateInputOnBlur: false,
    initialValues: fromCustomer(customer),
    validate: (values) => validate(values),
  });
  const { values } = form;
  /** A saved custom domain cannot be disabled, nor its name changed (spec section 4). */
  const domainLocked = customer.addCustomDomain || Boolean(customer.customDomainName);

  // Leaving Enterprise ends a commitment: the server lets only a main administrator do it.
  const downgradeLocked = customer.paymentPlan === 'enterprise' && !isMainAdmin;
  const planOptions = (plans.data ?? PAYMENT_PLAN_OPTIONS).map((o) => ({
    value: o.value,
    label: o.text,
    disabled: downgradeLocked && o.value !== 'enterprise',
  }));
  const zoneList = useMemo(() => uniqueZones(zones.data ?? []), [zones.data]);
  // The zone the user picked; until then the first zone with the saved offset.
  const [zoneName, setZoneName] = useState<string | null | undefined>(undefined);
  const shownZone =
    zoneName !== undefined
      ? zoneName
      : (zoneList.find((zone) => zone.numerical_value === values.timezone)?.value ?? null);

  const fieldError = (field: keyof AccountValues) => (message: string | null) =>
    message ? form.setFieldError(field, message) : form.clearFieldError(field);

  const toggleCustomDomain = (enabled: boolean) => {
    if (enabled) {
      // A new custom domain needs its certificate and private key.
      form.setValues({ addCustomDomain: true, isCertificateModified: true });
      return;
    }
    form.setValues({
      addCustomDomain: false,
      customDomainName: customer.customDomainName ?? '',
      isCertificateModified: false,
      certificateUrl: customer.certificateUrl,
      privateKeyUrl: customer.privateKeyUrl,
    });
    for (const field of ['customDomainName', 'certificateUrl', 'privateKeyUrl'] as const)
      form.clearFieldError(field);
  };

  // The certificate and its key are replaced together (the server checks them as a pair): a new
  // file of one asks for the other again.
  const chooseKeyFile = (field: 'certificateUrl' | 'privateKeyUrl') => (file: File | null) => {
    const other = field === 'certificateUrl' ? 'privateKeyUrl' : 'certificateUrl';
    form.setValues({
      [field]: file,
      isCertificateModified: true,
      ...(typeof form.getValues()[other] === 'string' ? { [other]: null } : {}),
    });
  };

  const submit = form.onSubmit(
    async (v) => {
      const certificateChanged = v.addCustomDomain && v.isCertificateModified;
      const fields: EditCustomerFields = {
        paymentPlan: v.paymentPlan as PaymentPlan,
        timezone: v.timezone ?? undefined,
        addCustomDomain: v.addCustomDomain,
        ...(v.addCustomDomain ? { customDomainName: v.customDomainName.trim().toLowerCase() } : {}),
        cdnProtocol: v.cdnProtocol,
        cdnDomain: v.cdnDomain.trim(),
        uploadLogo: v.logo !== null,
        isCertificateModified: certificateChanged,
        isFirstTime: false,
      };
      const files = {
        logo: v.logo,
        loginLogo: v.loginLogo,
        certificate: certificateChanged && v.certificateUrl instanceof File ? v.certificateUrl : null,
        privateKey: certificateChanged && v.privateKeyUrl instanceof File ? v.privateKeyUrl : null,
      };
      try {
        await save.mutateAsync({ fields, files });
      } catch (error) {
        const serverFields = error instanceof ApiError ? error.fieldErrors : {};
        const known = Object.entries(serverFields)
          .map(([field, message]) => [SERVER_FIELDS[field] ?? field, message] as const)
          .filter(([field]) => field in v);
        if (known.length > 0) form.setErrors(Object.fromEntries(known));
        toastServerError(error);
        return;
      }
      toast.success(ACCOUNT_TEXTS.accountUpdated);
      void revalidator.revalidate();
      onDone();
    },
    () => toast.error(VALIDATION_MESSAGES.pleaseFillRequiredFields),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={TEXTS.myAccount}>
      <Stack gap="lg">
        <Fieldset legend="Plan" variant="unstyled">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Select
                label={ACCOUNT_FIELD_LABELS.paymentPlan}
                data={planOptions}
                allowDeselect={false}
                required
                data-autofocus
                {...form.getInputProps('paymentPlan')}
              />
              <Select
                label={ACCOUNT_FIELD_LABELS.timezone}
                data={zoneList.map((zone) => ({ value: zone.value, label: zone.value }))}
                searchable
                nothingFoundMessage="No time zone found"
                placeholder={zones.isPending ? 'Loading time zones…' : 'Choose a time zone'}
                description={zones.isError ? failureMessage(zones.error) : undefined}
                autoComplete="off"
                required
                value={shownZone}
                onChange={(name) => {
                  setZoneName(name);
                  const zone = zoneList.find((z) => z.value === name);
                  form.setFieldValue('timezone', zone ? zone.numerical_value : null);
                }}
                error={form.errors.timezone}
              />
            </SimpleGrid>
            <PlanFeaturesTable
              features={customer.plans.length > 0 ? customer.plans : PLAN_FEATURES}
              current={customer.paymentPlan}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Logos" variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LogoField
              kind="logo"
              label={ACCOUNT_FIELD_LABELS.logo}
              value={values.logo}
              currentUrl={customer.logoUrl}
              error={form.errors.logo as string | undefined}
              onChange={(file) => form.setValues({ logo: file, uploadLogo: file !== null })}
              onError={fieldError('logo')}
            />
            <LogoField
              kind="loginLogo"
              label={ACCOUNT_FIELD_LABELS.loginLogo}
              value={values.loginLogo}
              currentUrl={customer.loginLogoUrl}
              error={form.errors.loginLogo as string | undefined}
              onChange={(file) => form.setFieldValue('loginLogo', file)}
              onError={fieldError('loginLogo')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Custom domain" variant="unstyled">
          <Stack gap="sm">
            <Switch
              label="Use a custom domain"
              checked={values.addCustomDomain}
              disabled={domainLocked}
              onChange={(event) => toggleCustomDomain(event.currentTarget.checked)}
              error={form.errors.addCustomDomain}
            />
            {domainLocked && (
              <Text size="sm" c="dimmed" data-testid="custom-domain-locked">
                {ACCOUNT_UI.customDomainLocked}
              </Text>
            )}
            {values.addCustomDomain && (
              <>
                <TextInput
                  label={ACCOUNT_FIELD_LABELS.customDomainName}
                  placeholder="console.example.com"
                  required
                  readOnly={domainLocked}
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  value={values.customDomainName}
                  onChange={(event) =>
                    form.setFieldValue('customDomainName', event.currentTarget.value.toLowerCase())
                  }
                  onBlur={() => form.validateField('customDomainName')}
                  error={form.errors.customDomainName}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  {KEY_FILES.map(({ field, testId, extensions }) => (
                    <KeyFileField
                      key={field}
                      label={ACCOUNT_FIELD_LABELS[field]}
                      testId={testId}
                      extensions={extensions}
                      value={values[field]}
                      saved={values.isCertificateModified ? null : customer[field]}
                      required={values.isCertificateModified}
                      error={form.errors[field] as string | undefined}
                      onChange={chooseKeyFile(field)}
                      onError={fieldError(field)}
                    />
                  ))}
                </SimpleGrid>
              </>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend="Domains and CDN" variant="unstyled">
          <Stack gap="sm">
            <TextInput
              label="Sub-domain name"
              value={customer.subDomainName}
              readOnly
              description="Set when the account was created"
            />
            <Grid>
              <Grid.Col span={{ base: 12, xs: 4 }}>
                <Select
                  label="CDN protocol"
                  data={CDN_PROTOCOLS}
                  allowDeselect={false}
                  {...form.getInputProps('cdnProtocol')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 8 }}>
                <TextInput
                  label="CDN domain"
                  placeholder="cdn.example.com"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...form.getInputProps('cdnDomain')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Fieldset>

        <Fieldset legend="API access" variant="unstyled">
          <ApiAccess
            customer={customer}
            userId={userId}
            onUpgraded={() => form.setFieldValue('paymentPlan', 'enterprise')}
          />
        </Fieldset>

        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {ACCOUNT_UI.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {ACCOUNT_UI.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
