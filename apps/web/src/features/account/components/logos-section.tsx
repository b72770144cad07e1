/** My Account's logos: the header's and the sign-in page's. */
import { ACCOUNT_FIELD_LABELS, type AccountCustomer } from '@cuepoint/core';
import { Fieldset, SimpleGrid } from '@mantine/core';
import { LogoField } from './logo-field.tsx';
import type { AccountForm } from './use-account-form.ts';

export function LogosSection({
  account: { form, fieldError },
  customer,
}: {
  account: AccountForm;
  customer: AccountCustomer;
}) {
  return (
    <Fieldset legend="Logos" variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LogoField
          kind="logo"
          label={ACCOUNT_FIELD_LABELS.logo}
          value={form.values.logo}
          currentUrl={customer.logoUrl}
          error={form.errors.logo as string | undefined}
          onChange={(file) => form.setValues({ logo: file, uploadLogo: file !== null })}
          onError={fieldError('logo')}
        />
        <LogoField
          kind="loginLogo"
          label={ACCOUNT_FIELD_LABELS.loginLogo}
          value={form.values.loginLogo}
          currentUrl={customer.loginLogoUrl}
          error={form.errors.loginLogo as string | undefined}
          onChange={(file) => form.setFieldValue('loginLogo', file)}
          onError={fieldError('loginLogo')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
