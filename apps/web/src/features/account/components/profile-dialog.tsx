import {
  ACCOUNT_TEXTS,
  COUNTRIES,
  ORGANIZATION_TYPES,
  PROFILE_FIELD_LABELS,
  type ProfileFormValues,
  profileSchema,
  TEXTS,
  type User,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useEditUser } from '../api/edit-user.ts';
import { ACCOUNT_UI, failureMessage } from '../texts.ts';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
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
  return (
    <Modal opened={opened} onClose={onClose} title={TEXTS.myProfile} size="lg">
      <ProfileForm user={user} onDone={onClose} />
    </Modal>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const save = useEditUser(user._id);
  const revalidator = useRevalidator();
  const form = useForm<ProfileValues>({
    mode: 'uncontrolled',
    initialValues: initialValues(user),
    validateInputOnBlur: true,
    validate: (values) => validate(values as Parameters<typeof validate>[0]),
  });

  const submit = form.onSubmit(
    async (values) => {
      const body = profileSchema.parse(values) as ProfileFormValues;
      try {
        await save.mutateAsync(body);
      } catch (error) {
        // The server's field messages go under their fields; its message in a toast.
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        const known = Object.fromEntries(Object.entries(fields).filter(([field]) => field in values));
        if (Object.keys(known).length > 0) form.setErrors(known);
        toast.error(failureMessage(error));
        return;
      }
      toast.success(ACCOUNT_TEXTS.profileUpdated);
      void revalidator.revalidate();
      onDone();
    },
    () => toast.error(VALIDATION_MESSAGES.pleaseFillRequiredFields),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={TEXTS.myProfile}>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={PROFILE_FIELD_LABELS.firstName}
            autoComplete="given-name"
            required
            data-autofocus
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={PROFILE_FIELD_LABELS.lastName}
            autoComplete="family-name"
            required
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={PROFILE_FIELD_LABELS.mobilePhone}
            type="tel"
            autoComplete="tel"
            required
            key={form.key('mobilePhone')}
            {...form.getInputProps('mobilePhone')}
          />
          <TextInput
            label="Job title"
            autoComplete="organization-title"
            key={form.key('jobTitle')}
            {...form.getInputProps('jobTitle')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={PROFILE_FIELD_LABELS.country}
            data={COUNTRY_OPTIONS}
            searchable
            nothingFoundMessage="No country found"
            autoComplete="off"
            required
            key={form.key('country')}
            {...form.getInputProps('country')}
          />
          <Select
            label="Organization type"
            data={ORGANIZATION_TYPES}
            clearable
            key={form.key('organizationType')}
            {...form.getInputProps('organizationType')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
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
