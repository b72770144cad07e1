import { RESOURCES } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { type ResourceOption, resourceOptionsQuery } from '../../../components/resource/resource-options.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

const NONE: ResourceOption<'pod'>[] = [];

/**
 * The account's pod templates a bundle may name, when this server offers them (SHOWPODS is not
 * 0; otherwise the server refuses the call, so none is asked for and the field is not shown).
 */
export function usePodOptions() {
  const shown = runtimeConfig().SHOWPODS !== 0;
  const query = useQuery({ ...resourceOptionsQuery(RESOURCES.pod), enabled: shown });
  return { shown, options: query.data ?? NONE, failed: query.isError };
}
