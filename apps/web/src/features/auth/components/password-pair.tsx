import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_HINT } from './auth-layout.tsx';

/** A new password and its repetition, bound to the form's `password` and `repeatPassword`. */
export function PasswordPair<V extends { password: string; repeatPassword: string }>({
  form,
  label = 'Password',
}: {
  form: UseFormReturnType<V>;
  label?: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={PASSWORD_HINT}
        autoComplete="new-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Repeat password"
        autoComplete="new-password"
        required
        key={form.key('repeatPassword')}
        {...form.getInputProps('repeatPassword')}
      />
    </>
  );
}
