import { readFileSync } from 'node:fs';

/** Reads a fixture next to the calling test: `fixture(import.meta.url, 'name.m3u8')`. */
export function fixture(base: string, name: string): string {
  return readFileSync(new URL(`../__fixtures__/${name}`, base), 'utf8');
}
