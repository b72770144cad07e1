import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  hasAllowedExtension,
  isFileRef,
  isLogoLargeEnough,
  LOGO_RESOLUTION_TOAST_MS,
  validateCertificateFile,
  validateLogoDimensions,
  validateLogoFile,
  validatePrivateKeyFile,
} from '../files.ts';
import { LOGIN_LOGO_EXTENSIONS, LOGO_EXTENSIONS, LOGO_MIN_HEIGHT, LOGO_MIN_WIDTH } from '../limits.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';

describe('logo dimensions: at least 260 x 220', () => {
  it.each([
    [260, 220, null],
    [261, 221, null],
    [1920, 1080, null],
    [259, 220, M.logoResolution],
    [260, 219, M.logoResolution],
    [100, 100, M.logoResolution],
    [0, 0, M.logoResolution],
  ])('%i x %i -> %s', (width, height, expected) => {
    expect(validateLogoDimensions(width, height)).toBe(expected);
    expect(isLogoLargeEnough(width, height)).toBe(expected === null);
  });

  it('matches the numbers the spec message shows', () => {
    expect(M.logoResolution).toContain(`${LOGO_MIN_WIDTH} X ${LOGO_MIN_HEIGHT}`);
  });

  it('is shown for 60 s', () => {
    expect(LOGO_RESOLUTION_TOAST_MS).toBe(60_000);
  });
});

describe('logo and login logo file types', () => {
  it.each([
    ['logo.jpg', null, null],
    ['logo.JPEG', null, null],
    ['logo.png', null, null],
    [{ name: 'brand.Png' }, null, null],
    ['https://cdn.example.com/logo.png?v=3', null, null],
    ['logo.gif', 'Logo is required', null],
    ['logo.svg', 'Logo is required', 'Login logo is required'],
    ['logo', 'Logo is required', 'Login logo is required'],
    ['', 'Logo is required', 'Login logo is required'],
    [undefined, 'Logo is required', 'Login logo is required'],
  ])('%j -> logo %s, login logo %s', (file, logo, loginLogo) => {
    expect(validateLogoFile(file, 'logo')).toBe(logo);
    expect(validateLogoFile(file, 'loginLogo')).toBe(loginLogo);
  });

  it('exposes the accept attribute values', () => {
    expect(acceptAttribute(LOGO_EXTENSIONS)).toBe('.jpg,.jpeg,.png');
    expect(acceptAttribute(LOGIN_LOGO_EXTENSIONS)).toBe('.jpg,.jpeg,.png,.gif');
  });
});

describe('certificate and private key file types', () => {
  it.each([
    ['domain.crt', null, 'Private key is required'],
    ['domain.pem', null, null],
    ['domain.key', 'Certificate is required', null],
    [{ name: 'CERT.CRT' }, null, 'Private key is required'],
    ['domain.txt', 'Certificate is required', 'Private key is required'],
    [null, 'Certificate is required', 'Private key is required'],
  ])('%j -> certificate %s, private key %s', (file, certificate, privateKey) => {
    expect(validateCertificateFile(file)).toBe(certificate);
    expect(validatePrivateKeyFile(file)).toBe(privateKey);
  });
});

describe('file references', () => {
  it.each([
    ['a.png', true],
    [{ name: 'a.png' }, true],
    ['', false],
    [{}, false],
    [null, false],
    [3, false],
  ])('%j is a file: %s', (value, expected) => {
    expect(isFileRef(value)).toBe(expected);
  });

  it('compares extensions without letter case', () => {
    expect(hasAllowedExtension('A.PNG', ['.png'])).toBe(true);
    expect(hasAllowedExtension('a.png.exe', ['.png'])).toBe(false);
  });
});
