export const ROOT: string;
export const WEB_DIST: string;
export const SERVER_ENTRY: string;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function run(
  command: string,
  args: string[],
  options?: import('node:child_process').SpawnOptions,
): Promise<number>;
export function consoleBuildIsStale(): boolean;
export function buildConsole(): Promise<void>;
export function freePort(): Promise<number>;
export function waitForOk(url: string, timeoutMs?: number): Promise<void>;
