/** My Account's plan: the payment plan, the time zone and what each plan offers. */
import {
  ACCOUNT_FIELD_LABELS,
  type AccountCustomer,
  PAYMENT_PLAN_OPTIONS,
  PLAN_FEATURES,
  type TimeZoneOption,
} from '@cuepoint/core';
import { Fieldset, Select, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { usePaymentPlans } from '../api/get-payment-plans.ts';
import { useTimeZones } from '../api/get-time-zones.ts';
import { failureMessage } from '../texts.ts';
import { PlanFeaturesTable } from './plan-features-table.tsx';
import type { AccountForm } from './use-account-form.ts';

/** One option per zone name (Mantine refuses duplicate values). */
const uniqueZones = (zones: readonly TimeZoneOption[]) => {
  const seen = new Set<string>();
  return zones.filter((zone) => !seen.has(zone.value) && seen.add(zone.value));
};

export function PlanSection({
  account: { form },
  customer,
  isMainAdmin,
}: {
  account: AccountForm;
  customer: AccountCustomer;
  isMainAdmin: boolean;
}) {
  const plans = usePaymentPlans();
  const zones = useTimeZones();
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
      : (zoneList.find((zone) => zone.numerical_value === form.values.timezone)?.value ?? null);

  return (
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
  );
}
