/**
 * The person fields that the sign-up form and My Profile share, bound to a Mantine form by their
 * field names. Each form lays them out itself (the two differ in order and in what stands beside
 * them) and passes its own schema's labels, so that a label and its '{label} is required'
 * message come from the same core constant.
 */
import { COUNTRIES, ORGANIZATION_TYPES } from '@cuepoint/core';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

type FormOf<V> = { form: UseFormReturnType<V> };

/** First and last name, side by side from the xs breakpoint. */
export function NameFields<V extends { firstName: string; lastName: string }>({
  form,
  labels,
  autoFocus = false,
}: FormOf<V> & {
  labels: { firstName: string; lastName: string };
  /** Whether a dialog focuses the first name when it opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={labels.firstName}
        autoComplete="given-name"
        required
        data-autofocus={autoFocus || undefined}
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={labels.lastName}
        autoComplete="family-name"
        required
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
    </SimpleGrid>
  );
}

/** The mobile phone number (required). */
export function MobilePhoneField<V extends { mobilePhone: string }>({
  form,
  label,
}: FormOf<V> & { label: string }) {
  return (
    <TextInput
      label={label}
      type="tel"
      dir="ltr"
      autoComplete="tel"
      required
      key={form.key('mobilePhone')}
      {...form.getInputProps('mobilePhone')}
    />
  );
}

/** The country (required): core's countries, searchable by name, the ISO code as the value. */
export function CountrySelect<V extends { country: string | null }>({
  form,
  label,
}: FormOf<V> & { label: string }) {
  return (
    <Select
      label={label}
      data={COUNTRY_OPTIONS}
      searchable
      nothingFoundMessage="No country found"
      autoComplete="off"
      required
      key={form.key('country')}
      {...form.getInputProps('country')}
    />
  );
}

/** The organisation type, one of core's: required (sign-up), or optional and clearable (profile). */
export function OrganizationTypeSelect<V extends { organizationType: string | null }>({
  form,
  label,
  required = false,
}: FormOf<V> & { label: string; required?: boolean }) {
  return (
    <Select
      label={label}
      data={ORGANIZATION_TYPES}
      {...(required ? { required: true } : { clearable: true })}
      key={form.key('organizationType')}
      {...form.getInputProps('organizationType')}
    />
  );
}
