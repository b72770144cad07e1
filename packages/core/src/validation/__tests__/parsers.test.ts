import { describe, expect, it } from 'vitest';
import {
  fileExtension,
  isCidrV4,
  isIpv4,
  parseSpecDateTime,
  parseTimeOfDay,
  splitList,
  toTimestamp,
} from '../parsers.ts';

describe('parseSpecDateTime (MM-DD-YYYYTHH:mm:ss)', () => {
  it.each([
    ['01-02-2025T03:04:05', Date.UTC(2025, 0, 2, 3, 4, 5)],
    ['12-31-1999T23:59:59', Date.UTC(1999, 11, 31, 23, 59, 59)],
    ['02-29-2024T00:00:00', Date.UTC(2024, 1, 29)],
    ['02-29-2023T00:00:00', null],
    ['04-31-2025T00:00:00', null],
    ['00-10-2025T00:00:00', null],
    ['01-01-0050T00:00:00', null],
    ['01-01-2025T00:60:00', null],
    ['01-01-2025T00:00:60', null],
    ['01/01/2025T00:00:00', null],
    ['01-01-2025T00:00:00Z', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseSpecDateTime(text)).toBe(expected);
  });

  it('orders like the wall-clock times', () => {
    const earlier = parseSpecDateTime('12-31-2024T23:59:59') ?? Number.NaN;
    const later = parseSpecDateTime('01-01-2025T00:00:00') ?? Number.NaN;
    expect(earlier).toBeLessThan(later);
  });
});

describe('toTimestamp', () => {
  it.each([
    [new Date(5000), 5000],
    [new Date(Number.NaN), null],
    ['01-01-1970T00:00:05', 5000],
    ['1970-01-01', null],
    [5000, null],
    [undefined, null],
  ])('%j -> %s', (value, expected) => {
    expect(toTimestamp(value)).toBe(expected);
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    ['00:00', 0],
    ['08:30', 30_600],
    ['23:59:59', 86_399],
    ['24:00', null],
    ['12:60', null],
    ['8:30', null],
    ['08:30:5', null],
    ['', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseTimeOfDay(text)).toBe(expected);
  });
});

describe('IPv4 and CIDR', () => {
  it.each([
    ['0.0.0.0', true, false],
    ['255.255.255.255', true, false],
    ['192.168.0.1', true, false],
    ['192.168.0.0/0', false, true],
    ['192.168.0.0/24', false, true],
    ['192.168.0.1/32', false, true],
    ['192.168.0.1/33', false, false],
    ['192.168.0.1/032', false, false],
    ['256.0.0.1', false, false],
    ['192.168.00.1', false, false],
    ['192.168.0', false, false],
    ['', false, false],
  ])('%s -> ip %s, cidr %s', (text, ip, cidr) => {
    expect(isIpv4(text)).toBe(ip);
    expect(isCidrV4(text)).toBe(cidr);
  });
});

describe('fileExtension', () => {
  it.each([
    ['logo.PNG', '.png'],
    ['archive.tar.gz', '.gz'],
    ['https://cdn.example.com/a/cert.pem?x=1#y', '.pem'],
    ['https://cdn.example.com/v1.2/key', ''],
    ['.hidden', ''],
    ['noext', ''],
  ])('%s -> %s', (name, expected) => {
    expect(fileExtension(name)).toBe(expected);
  });
});

describe('splitList', () => {
  it.each([
    ['10.0.0.1, 10.0.0.2\n10.0.0.3;10.0.0.4', ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']],
    ['a@example.com b@example.com', ['a@example.com', 'b@example.com']],
    [' , \n', []],
    ['', []],
  ])('%j', (text, expected) => {
    expect(splitList(text)).toEqual(expected);
  });
});
