/** My Account's domains: the sub-domain (set at sign-up) and the CDN that serves the streams. */
import { type AccountCustomer, CDN_PROTOCOLS } from '@cuepoint/core';
import { Fieldset, Grid, Select, Stack, TextInput } from '@mantine/core';
import type { AccountForm } from './use-account-form.ts';

export function CdnSection({
  account: { form },
  customer,
}: {
  account: AccountForm;
  customer: AccountCustomer;
}) {
  return (
    <Fieldset legend="Domains and CDN" variant="unstyled">
      <Stack gap="sm">
        <TextInput
          label="Sub-domain name"
          dir="ltr"
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
              dir="ltr"
              placeholder="cdn.example.com"
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps('cdnDomain')}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Fieldset>
  );
}
