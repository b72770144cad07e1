import {
  ACCOUNT_TEXTS,
  PROFILE_FIELD_LABELS,
  type ProfileFormValues,
  profileSchema,
  TEXTS,
  type User,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { useRevalidator } from 'react-router';
import {
  CountrySelect,
  MobilePhoneField,
  NameFields,
  OrganizationTypeSelect,
} from '../../../components/profile-fields.tsx';
import { useReportDirty } from '../../../components/resource/unsaved-changes.tsx';
import { useDialogGuard } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { useEditUser } from '../api/edit-user.ts';
import { ACCOUNT_UI } from '../texts.ts';

const validate = zodValidate(profileSchema);

export interface ProfileValues {
  firstName: string;
  lastName: string;
  mobilePhone: string;
  jobTitle: string;
  country: string | null;
  organizationType: string | null;
}

const initialValues = (user: User): ProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  mobilePhone: user.mobilePhone ?? '',
  jobTitle: user.jobTitle ?? '',
  country: user.country || null,
  organizationType: user.organizationType || null,
});

export interface ProfileDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user the console presents (the impersonated one during login-as). */
  user: User;
}

/** My Profile (spec sections 2 and 5): the signed-in user's own details. */
export function ProfileDialog({ opened, onClose, user }: ProfileDialogProps) {
  const guard = useDialogGuard(opened, onClose);
  return (
    <>
      <Modal opened={opened} onClose={guard.requestClose} title={TEXTS.myProfile} size="lg">
        <ProfileForm user={user} onDone={onClose} onCancel={guard.requestClose} dirty={guard.dirty} />
      </Modal>
      {guard.confirm}
    </>
  );
}

interface ProfileFormProps {
  user: User;
  /** Saved: closes the dialog. */
  onDone: () => void;
  /** Cancel: closes the dialog, asking first when there are unsaved changes. */
  onCancel: () => void;
  /** Where the form reports whether it holds unsaved changes. */
  dirty: RefObject<() => boolean>;
}

function ProfileForm({ user, onDone, onCancel, dirty }: ProfileFormProps) {
  const save = useEditUser(user._id);
  const revalidator = useRevalidator();
  const form = useConsoleForm<ProfileValues>({
    initialValues: initialValues(user),
    validate: (values) => validate(values as Parameters<typeof validate>[0]),
  });
  useReportDirty(dirty, form.isDirty);

  const submit = form.onSubmit(
    async (values) => {
      const body = profileSchema.parse(values) as ProfileFormValues;
      try {
        await save.mutateAsync(body);
      } catch (error) {
        // The server's field messages go under their fields; a toast says it failed (spec section 8).
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        const known = Object.fromEntries(Object.entries(fields).filter(([field]) => field in values));
        if (Object.keys(known).length > 0) form.setErrors(known);
        toastServerError(error);
        return;
      }
      form.resetDirty();
      toast.success(ACCOUNT_TEXTS.profileUpdated);
      void revalidator.revalidate();
      onDone();
    },
    () => toast.error(VALIDATION_MESSAGES.pleaseFillRequiredFields),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={TEXTS.myProfile}>
      <Stack>
        <NameFields form={form} labels={PROFILE_FIELD_LABELS} autoFocus />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MobilePhoneField form={form} label={PROFILE_FIELD_LABELS.mobilePhone} />
          <TextInput
            label="Job title"
            autoComplete="organization-title"
            key={form.key('jobTitle')}
            {...form.getInputProps('jobTitle')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <CountrySelect form={form} label={PROFILE_FIELD_LABELS.country} />
          <OrganizationTypeSelect form={form} label="Organization type" />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
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
