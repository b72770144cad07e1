/**
 * The My Account form: its values from the stored customer, the custom domain's switch and key
 * files, and the save (the server's field messages under their fields, a toast, the session's
 * profile revalidated).
 */
import { ACCOUNT_TEXTS, type AccountCustomer, VALIDATION_MESSAGES } from '@cuepoint/core';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm } from '../../../lib/zod-form.ts';
import { useEditCustomer } from '../api/edit-customer.ts';
import {
  type AccountValues,
  fromCustomer,
  SERVER_FIELDS,
  toSaveRequest,
  validateAccount,
} from './account-values.ts';

export type KeyFileName = 'certificateUrl' | 'privateKeyUrl';

export function useAccountForm(customer: AccountCustomer, userId: string, onDone: () => void) {
  const save = useEditCustomer({ customerId: customer._id, userId });
  const revalidator = useRevalidator();
  // Only the custom domain name is checked as it is left (its own onBlur).
  const form = useConsoleForm<AccountValues>({
    mode: 'controlled',
    validateInputOnBlur: false,
    initialValues: fromCustomer(customer),
    validate: (values) => validateAccount(values),
  });

  /** A field component's own check (a logo's size, a key file's type) as the field's message. */
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
  const chooseKeyFile = (field: KeyFileName) => (file: File | null) => {
    const other = field === 'certificateUrl' ? 'privateKeyUrl' : 'certificateUrl';
    form.setValues({
      [field]: file,
      isCertificateModified: true,
      ...(typeof form.getValues()[other] === 'string' ? { [other]: null } : {}),
    });
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        await save.mutateAsync(toSaveRequest(values));
      } catch (error) {
        const serverFields = error instanceof ApiError ? error.fieldErrors : {};
        const known = Object.entries(serverFields)
          .map(([field, message]) => [SERVER_FIELDS[field] ?? field, message] as const)
          .filter(([field]) => field in values);
        if (known.length > 0) form.setErrors(Object.fromEntries(known));
        toastServerError(error);
        return;
      }
      // Saved: nothing is left to lose (the unsaved-changes guard lets the dialog go).
      form.resetDirty();
      toast.success(ACCOUNT_TEXTS.accountUpdated);
      void revalidator.revalidate();
      onDone();
    },
    () => toast.error(VALIDATION_MESSAGES.pleaseFillRequiredFields),
  );

  return { form, fieldError, toggleCustomDomain, chooseKeyFile, submit, saving: save.isPending };
}

export type AccountForm = ReturnType<typeof useAccountForm>;
