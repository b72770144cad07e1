/** My Account's custom domain: the switch, the domain name and its certificate and private key. */
import {
  ACCOUNT_FIELD_LABELS,
  type AccountCustomer,
  CERTIFICATE_EXTENSIONS,
  PRIVATE_KEY_EXTENSIONS,
} from '@cuepoint/core';
import { Fieldset, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ACCOUNT_UI } from '../texts.ts';
import { KeyFileField } from './key-file-field.tsx';
import type { AccountForm } from './use-account-form.ts';

/** The custom domain's certificate and private-key pickers, in the order shown. */
const KEY_FILES = [
  { field: 'certificateUrl', testId: 'certificate-file', extensions: CERTIFICATE_EXTENSIONS },
  { field: 'privateKeyUrl', testId: 'private-key-file', extensions: PRIVATE_KEY_EXTENSIONS },
] as const;

export function CustomDomainSection({
  account: { form, fieldError, toggleCustomDomain, chooseKeyFile },
  customer,
}: {
  account: AccountForm;
  customer: AccountCustomer;
}) {
  const { values } = form;
  /** A saved custom domain cannot be disabled, nor its name changed (spec section 4). */
  const domainLocked = customer.addCustomDomain || Boolean(customer.customDomainName);
  return (
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
              dir="ltr"
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
  );
}
