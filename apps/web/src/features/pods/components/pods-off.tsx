import { Alert, Stack, Title } from '@mantine/core';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { POD_SCREEN_TEXTS as T } from '../texts.ts';

/** Whether this server offers pod templates (the SHOWPODS flag; 0 hides the screens and refuses the calls). */
export const podsShown = () => runtimeConfig().SHOWPODS !== 0;

/**
 * What /pods shows when SHOWPODS=0: the guard lets a main administrator in anywhere, but the
 * server refuses the calls, so the screen says why there is nothing instead of asking.
 */
export function PodsOff() {
  const title = useRouteTitle() ?? '';
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert color="gray" title={T.podsOff} />
    </Stack>
  );
}
