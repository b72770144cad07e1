import { UPLOAD_LIMITS } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { parseStoredFileRef } from '../../../lib/blob-store.ts';
import { CERTIFICATE_MESSAGES } from '../../../lib/certificate.ts';
import { blobFiles, createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import {
  type CertificatePair,
  encryptKey,
  NO_OPENSSL_REASON,
  OPENSSL,
  selfSignedCertificate,
} from '../../../test/certificates.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { makePng } from '../../../test/images.ts';
import { type FormFile, multipartForm } from '../../../test/multipart.ts';

const cert = (pair: CertificatePair, name = 'domain.crt'): FormFile => ({ name, data: pair.certificate });
const key = (pair: CertificatePair, name = 'domain.key'): FormFile => ({ name, data: pair.privateKey });

// Certificates are signed by the openssl command at test time (node:crypto cannot sign one).
describe.skipIf(!OPENSSL)(
  `PUT /api/customer/editCustomer/:id: custom domain${OPENSSL ? '' : ` (skipped: ${NO_OPENSSL_REASON})`}`,
  () => {
    let app: TestApp;
    let admin: Awaited<ReturnType<typeof loginAs>>;
    let video: CertificatePair;
    let otherVideo: CertificatePair;
    let live: CertificatePair;
    beforeAll(async () => {
      app = await testApp();
      admin = await loginAs(app, 'admin');
      video = selfSignedCertificate(['video.example.com']);
      otherVideo = selfSignedCertificate(['video.example.com']);
      live = selfSignedCertificate(['live.example.com']);
    });
    afterAll(() => app.close());

    const put = (
      id: string,
      fields: Record<string, string | number | boolean>,
      files: Record<string, FormFile>,
      headers: Record<string, string>,
    ) =>
      app.inject({
        method: 'PUT',
        url: `/api/customer/editCustomer/${id}`,
        payload: multipartForm(fields, files),
        headers,
      });
    const row = async (id: string) => (await app.db.select().from(customers).where(eq(customers.id, id)))[0]!;
    const fieldsOf = (res: { json(): { fields?: { field: string; message: string }[] } }) =>
      res.json().fields;

    describe('turning it on', () => {
      let owner: TestAccount;
      beforeAll(async () => {
        owner = await createAccount(app);
      });

      it('needs a name, a certificate and a private key', async () => {
        const res = await put(
          owner.customer.id,
          { addCustomDomain: true, isCertificateModified: true },
          {},
          owner.headers,
        );
        expect(res.statusCode).toBe(400);
        expect(fieldsOf(res)).toEqual([
          { field: 'customDomainName', message: 'Custom domain name is required' },
          { field: 'certificate', message: 'Certificate is required' },
          { field: 'privateKey', message: 'Private key is required' },
        ]);
      });

      it('needs a host name', async () => {
        for (const name of ['not a domain', 'localhost', '192.168.0.1', '-bad.example.com', 'a..b.com']) {
          const res = await put(
            owner.customer.id,
            { addCustomDomain: true, customDomainName: name },
            { certificate: cert(video), privateKey: key(video) },
            owner.headers,
          );
          expect(res.statusCode, name).toBe(400);
          expect(fieldsOf(res), name).toEqual([
            {
              field: 'customDomainName',
              message: 'Custom domain name must be a host name such as video.example.com',
            },
          ]);
        }
      });

      it('refuses a key that does not belong to the certificate, naming privateKey', async () => {
        const res = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com' },
          { certificate: cert(video), privateKey: key(otherVideo) },
          owner.headers,
        );
        expect(res.statusCode).toBe(400);
        expect(fieldsOf(res)).toEqual([{ field: 'privateKey', message: CERTIFICATE_MESSAGES.mismatch }]);
      });

      it('refuses a certificate for another host, an unreadable one and a protected key', async () => {
        const wrongHost = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com' },
          { certificate: cert(live), privateKey: key(live) },
          owner.headers,
        );
        expect(fieldsOf(wrongHost)).toEqual([
          { field: 'certificate', message: 'The certificate does not cover video.example.com' },
        ]);
        const unreadable = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com' },
          {
            certificate: { name: 'domain.pem', data: 'hello' },
            privateKey: { name: 'domain.pem', data: encryptKey(video.privateKey) },
          },
          owner.headers,
        );
        expect(fieldsOf(unreadable)).toEqual([
          { field: 'certificate', message: CERTIFICATE_MESSAGES.certificateUnreadable },
          { field: 'privateKey', message: CERTIFICATE_MESSAGES.privateKeyEncrypted },
        ]);
      });

      it('refuses files of the wrong type or size', async () => {
        const wrongType = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com' },
          { certificate: cert(video, 'domain.txt'), privateKey: key(video, 'domain.crt') },
          owner.headers,
        );
        expect(fieldsOf(wrongType)).toEqual([
          { field: 'certificate', message: 'Certificate must be a .crt or .pem file' },
          { field: 'privateKey', message: 'Private key must be a .key or .pem file' },
        ]);
        const tooLarge = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com' },
          {
            certificate: { name: 'big.crt', data: Buffer.alloc(UPLOAD_LIMITS.pemBytes + 1, 0x41) },
            privateKey: key(video),
          },
          owner.headers,
        );
        expect(tooLarge.statusCode).toBe(413);
        expect(fieldsOf(tooLarge)).toEqual([
          { field: 'certificate', message: 'Certificate must be at most 64 KB' },
        ]);
      });

      it('refuses certificate files while the custom domain is off', async () => {
        const res = await put(
          owner.customer.id,
          {},
          { certificate: cert(video), privateKey: key(video) },
          owner.headers,
        );
        expect(fieldsOf(res)).toEqual([
          { field: 'certificate', message: 'Turn on the custom domain to upload its certificate' },
          { field: 'privateKey', message: 'Turn on the custom domain to upload its private key' },
        ]);
      });

      it('rolls everything back when the certificate fails: the logo stays, no file is left behind', async () => {
        const first = await put(
          owner.customer.id,
          {},
          { logo: { name: 'a.png', data: makePng(300, 240) } },
          owner.headers,
        );
        const logoUrl = first.json().customerId.logoUrl;
        const before = { public: await blobFiles(app, 'public'), private: await blobFiles(app, 'private') };
        const res = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com', timezone: 8 },
          {
            logo: { name: 'b.png', data: makePng(600, 480) },
            certificate: cert(video),
            privateKey: key(otherVideo),
          },
          owner.headers,
        );
        expect(res.statusCode).toBe(400);
        expect(await blobFiles(app, 'public')).toEqual(before.public);
        expect(await blobFiles(app, 'private')).toEqual(before.private);
        const stored = await row(owner.customer.id);
        expect(`/files/${stored.logo}`).toBe(logoUrl);
        expect(stored).toMatchObject({ timezone: 0, addCustomDomain: false, customDomainName: null });
      });

      it('saves the domain (lower-cased), keeps the files privately and shows their names', async () => {
        const before = await blobFiles(app, 'private');
        const res = await put(
          owner.customer.id,
          { addCustomDomain: 'true', customDomainName: 'Video.Example.COM', isCertificateModified: 'true' },
          {
            certificate: cert(video, 'video.example.com.crt'),
            privateKey: key(video, 'video.example.com.key'),
          },
          owner.headers,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().customerId).toMatchObject({
          addCustomDomain: true,
          customDomainName: 'video.example.com',
          certificateUrl: 'video.example.com.crt',
          privateKeyUrl: 'video.example.com.key',
        });
        const stored = await row(owner.customer.id);
        const certificateKey = parseStoredFileRef(stored.certificate!).key;
        const privateKeyKey = parseStoredFileRef(stored.privateKey!).key;
        expect((await app.blobs.get('private', certificateKey))?.equals(video.certificate)).toBe(true);
        // The private key is stored sealed under the secret key, never as plain PEM.
        const sealedKey = (await app.blobs.get('private', privateKeyKey))!.toString('utf8');
        expect(sealedKey).not.toContain('PRIVATE KEY');
        expect(app.secretBox.open(sealedKey)).toBe(video.privateKey.toString('utf8'));
        expect(await blobFiles(app, 'private')).toEqual([...before, certificateKey, privateKeyKey].sort());
        // Never served: not by key, not as a public file.
        expect((await app.inject({ url: `/files/${privateKeyKey}` })).statusCode).toBe(404);
        expect(res.body).not.toContain('PRIVATE KEY');
        const read = await app.inject({
          url: `/api/customer/getCustomer/${owner.customer.id}`,
          headers: owner.headers,
        });
        expect(read.body).not.toContain('PRIVATE KEY');
        expect(read.body).not.toContain(privateKeyKey);
      });

      it('gives the domain to one account only (409 naming customDomainName)', async () => {
        const other = await createAccount(app);
        const res = await put(
          other.customer.id,
          { addCustomDomain: true, customDomainName: 'video.example.com' },
          { certificate: cert(video), privateKey: key(video) },
          other.headers,
        );
        expect(res.statusCode).toBe(409);
        expect(fieldsOf(res)).toEqual([
          { field: 'customDomainName', message: 'This custom domain is already used by another account' },
        ]);
        expect(await row(other.customer.id)).toMatchObject({ customDomainName: null, certificate: null });
      });
    });

    describe('once saved', () => {
      let owner: TestAccount;
      beforeAll(async () => {
        owner = await createAccount(app);
        const saved = await put(
          owner.customer.id,
          { addCustomDomain: true, customDomainName: 'live.example.com', isCertificateModified: true },
          { certificate: cert(live), privateKey: key(live) },
          owner.headers,
        );
        expect(saved.statusCode).toBe(200);
      });

      it('cannot be turned off or renamed, by its users or a main administrator', async () => {
        for (const headers of [owner.headers, admin.headers]) {
          const off = await put(owner.customer.id, { addCustomDomain: false }, {}, headers);
          expect(off.statusCode).toBe(400);
          expect(fieldsOf(off)).toEqual([
            {
              field: 'addCustomDomain',
              message: 'The custom domain cannot be turned off once it has been saved',
            },
          ]);
          const renamed = await put(
            owner.customer.id,
            { addCustomDomain: true, customDomainName: 'tv.example.com' },
            {},
            headers,
          );
          expect(fieldsOf(renamed)).toEqual([
            {
              field: 'customDomainName',
              message: 'The custom domain name cannot be changed once it has been saved',
            },
          ]);
        }
        expect(await row(owner.customer.id)).toMatchObject({
          addCustomDomain: true,
          customDomainName: 'live.example.com',
        });
      });

      it('saves the dialog unchanged without asking for the certificate again', async () => {
        const res = await put(
          owner.customer.id,
          {
            addCustomDomain: true,
            customDomainName: 'LIVE.example.com',
            isCertificateModified: false,
            timezone: 2,
          },
          {},
          owner.headers,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().customerId).toMatchObject({
          customDomainName: 'live.example.com',
          certificateUrl: 'domain.crt',
        });
      });

      it('asks for both files when the certificate is marked modified', async () => {
        const res = await put(
          owner.customer.id,
          { addCustomDomain: true, isCertificateModified: true },
          {},
          owner.headers,
        );
        expect(fieldsOf(res)).toEqual([
          { field: 'certificate', message: 'Certificate is required' },
          { field: 'privateKey', message: 'Private key is required' },
        ]);
        const one = await put(owner.customer.id, {}, { certificate: cert(live) }, owner.headers);
        expect(fieldsOf(one)).toEqual([{ field: 'privateKey', message: 'Private key is required' }]);
      });

      it('takes a renewed certificate for the same domain and deletes the old files', async () => {
        const old = await row(owner.customer.id);
        const oldKeys = [parseStoredFileRef(old.certificate!).key, parseStoredFileRef(old.privateKey!).key];
        const wrong = await put(
          owner.customer.id,
          { isCertificateModified: true },
          { certificate: cert(video), privateKey: key(video) },
          owner.headers,
        );
        expect(fieldsOf(wrong)).toEqual([
          { field: 'certificate', message: 'The certificate does not cover live.example.com' },
        ]);

        const renewed = selfSignedCertificate(['live.example.com', 'www.live.example.com'], 90);
        const res = await put(
          owner.customer.id,
          { addCustomDomain: true, isCertificateModified: true },
          { certificate: cert(renewed, 'live-2026.pem'), privateKey: key(renewed, 'live-2026.pem') },
          owner.headers,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().customerId).toMatchObject({
          certificateUrl: 'live-2026.pem',
          privateKeyUrl: 'live-2026.pem',
        });
        const files = await blobFiles(app, 'private');
        for (const gone of oldKeys) expect(files).not.toContain(gone);
      });
    });
  },
);
