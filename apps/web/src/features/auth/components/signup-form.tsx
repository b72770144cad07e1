import {
  type MarketplaceSignupRequest,
  type MessageResponse,
  marketplaceSignupRequestSchema,
  SIGNUP_FIELD_LABELS,
  signupRequestSchema,
} from '@cuepoint/core';
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  CountrySelect,
  MobilePhoneField,
  NameFields,
  OrganizationTypeSelect,
} from '../../../components/profile-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { ErrorAlert, failureMessage, SuccessAlert } from './auth-layout.tsx';
import { PasswordPair } from './password-pair.tsx';

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone: string;
  organizationType: string | null;
  country: string | null;
  password: string;
  repeatPassword: string;
  marketplaceToken?: string;
}

/** What the form sends: the sign-up payload, with the marketplace token on /mpsignup. */
type Payload = MarketplaceSignupRequest;

export interface SignupFormProps {
  /** The marketplace token of /mpsignup; absent on /signup. */
  marketplaceToken?: string;
  onSubmit: (payload: Payload) => Promise<MessageResponse>;
  pending: boolean;
}

/**
 * The sign-up form shared by /signup and /mpsignup: the shared core schema validates each field
 * (messages verbatim), and the server's field messages (a 400) land under their fields. A taken
 * email is answered as a new one (issue 46: its owner is mailed instead), so the page shows the
 * same "Check your email" either way.
 */
export function SignupForm({ marketplaceToken, onSubmit, pending }: SignupFormProps) {
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const validate = zodValidate(
    marketplaceToken === undefined ? signupRequestSchema : marketplaceSignupRequestSchema,
  );
  const form = useConsoleForm<SignupValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      mobilePhone: '',
      organizationType: null,
      country: null,
      password: '',
      repeatPassword: '',
      ...(marketplaceToken === undefined ? {} : { marketplaceToken }),
    },
    validate: (values) => validate(values as Payload),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      const answer = await onSubmit(values as Payload);
      setDone(answer.message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const visible = Object.keys(fields).filter((field) => field in form.getValues());
      if (visible.length > 0) form.setErrors(fields);
      else setFailure(failureMessage(error));
    }
  });

  if (done) {
    return <SuccessAlert title="Check your email">{done}</SuccessAlert>;
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <ErrorAlert title="Sign-up failed">{failure}</ErrorAlert>}
        <NameFields form={form} labels={SIGNUP_FIELD_LABELS} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <MobilePhoneField form={form} label={SIGNUP_FIELD_LABELS.mobilePhone} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <OrganizationTypeSelect form={form} label={SIGNUP_FIELD_LABELS.organizationType} required />
          <CountrySelect form={form} label={SIGNUP_FIELD_LABELS.country} />
        </SimpleGrid>
        <PasswordPair form={form} />
        <Button type="submit" loading={pending} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
