import type { ChildProcess } from 'node:child_process';

export const NGINX_TEMPLATE: string;
export const NGINX_ADDRESS: string;
export function findProgram(...names: string[]): string | undefined;

declare class Child {
  readonly name: string;
  readonly logFile: string;
  child: ChildProcess | undefined;
  exited: Promise<number | string | null>;
  readonly pid: number | undefined;
  readonly running: boolean;
  output(): string;
  spawn(): this;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  kill(): Promise<void>;
}

export class RedisServer extends Child {
  constructor(port: number, dir: string);
  readonly port: number;
  readonly url: string;
  start(): Promise<this>;
}

export class ServerProcess extends Child {
  constructor(name: string, role: 'api' | 'edge', port: number, env: Record<string, string>, logDir: string);
  readonly role: 'api' | 'edge';
  readonly port: number;
  /** 127.0.0.1:port, as nginx's access log names it. */
  readonly address: string;
  readonly origin: string;
  start(timeoutMs?: number): Promise<this>;
}

export class Nginx extends Child {
  constructor(prefix: string);
  readonly prefix: string;
  readonly config: string;
  readonly accessLog: string;
  write(text: string): void;
  check(): Promise<void>;
  start(url: string): Promise<this>;
  accessLines(): string[];
  stop(): Promise<void>;
}

export function renderNginxConfig(options: {
  prefix: string;
  listen: string;
  api: string[];
  edge: string[];
  workerProcesses?: number;
  /** What the processes' TRUST_PROXY names (only written in a comment). */
  trustProxy?: string;
}): string;

export interface Cluster {
  url: string;
  dir: string;
  processes: ServerProcess[];
  apis: ServerProcess[];
  edges: ServerProcess[];
  nginx: Nginx;
  stop(): Promise<void>;
}

export function startCluster(options: {
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  port?: number;
  apis?: number;
  edges?: number;
  dataDir?: string;
  env?: Record<string, string>;
  onProgress?: (line: string) => void;
}): Promise<Cluster>;
