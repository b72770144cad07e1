import { editCustomerResponseSchema, UPLOAD_LIMITS, VALIDATION_MESSAGES } from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, customers } from '../../../db/schema/index.ts';
import { MULTIPART_MESSAGES } from '../../../lib/multipart-problems.ts';
import { blobFiles, createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { makeGif, makeJpeg, makePng } from '../../../test/images.ts';
import { type FormFile, multipartForm } from '../../../test/multipart.ts';

const RESOLUTION = 'please upload image with at least 260 X 220 resolution';

describe('PUT /api/customer/editCustomer/:id', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const url = (id: string) => `/api/customer/editCustomer/${id}`;
  const putJson = (id: string, payload: unknown, headers: Record<string, string>) =>
    app.inject({ method: 'PUT', url: url(id), payload: payload as object, headers });
  const putForm = (
    id: string,
    fields: Record<string, string | number | boolean>,
    files: Record<string, FormFile | FormFile[]>,
    headers: Record<string, string>,
  ) => app.inject({ method: 'PUT', url: url(id), payload: multipartForm(fields, files), headers });
  const row = async (id: string) => (await app.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const png = (width = 300, height = 240, name = 'logo.png'): FormFile => ({
    name,
    data: makePng(width, height),
    type: 'image/png',
  });

  describe('who may', () => {
    let owner: TestAccount;
    let stranger: TestAccount;
    beforeAll(async () => {
      owner = await createAccount(app);
      stranger = await createAccount(app);
    });

    it('lets a user of the account save it (JSON), answering the id and the account', async () => {
      const res = await putJson(
        owner.customer.id,
        { paymentPlan: 'standard', timezone: 5.5, cdnProtocol: 'http://', cdnDomain: 'CDN.Example.com' },
        owner.headers,
      );
      expect(res.statusCode).toBe(200);
      const body = editCustomerResponseSchema.parse(res.json());
      expect(body.id).toBe(owner.customer.id);
      expect(body.customerId).toMatchObject({
        _id: owner.customer.id,
        timezone: 5.5,
        cdnProtocol: 'http://',
        cdnDomain: 'cdn.example.com',
      });
      const stored = await row(owner.customer.id);
      expect(stored).toMatchObject({ timezone: 5.5, cdnProtocol: 'http://', cdnDomain: 'cdn.example.com' });
      expect(stored.version).toBe(owner.customer.version + 1);
    });

    it('audit-logs the change with the fields it changed', async () => {
      const entries = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'customer.edit'), eq(auditLog.customerId, owner.customer.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorUserId: owner.userId, effectiveUserId: owner.userId });
      expect(entries[0]!.details).toEqual({ changed: ['timezone', 'cdnProtocol', 'cdnDomain'] });
    });

    it('lets a main administrator save any account, and logs both identities during login-as', async () => {
      expect((await putJson(owner.customer.id, { timezone: -3 }, admin.headers)).statusCode).toBe(200);
      const asOwner = { ...admin.headers, 'login-as': owner.userId };
      expect((await putJson(owner.customer.id, { timezone: 1 }, asOwner)).statusCode).toBe(200);
      const [last] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'customer.edit'), eq(auditLog.customerId, owner.customer.id)))
        .orderBy(auditLog.id)
        .then((rows) => rows.slice(-1));
      expect(last).toMatchObject({ actorUserId: admin.userId, effectiveUserId: owner.userId });
      // Acting as a user, the administrator has that user's rights only.
      expect((await putJson(stranger.customer.id, { timezone: 2 }, asOwner)).statusCode).toBe(403);
    });

    it('refuses another account’s user (403) before reading the upload: nothing stored', async () => {
      const before = await blobFiles(app, 'public');
      const res = await putForm(owner.customer.id, { timezone: 4 }, { logo: png() }, stranger.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You may only edit your own customer account');
      expect(await blobFiles(app, 'public')).toEqual(before);
      expect((await row(owner.customer.id)).timezone).toBe(1);
    });

    it('answers 404 for an unknown account, 400 naming id for a malformed one, 401 without a token', async () => {
      const missing = await putJson('00000000-0000-4000-8000-000000000000', { timezone: 1 }, admin.headers);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Customer not found');
      for (const headers of [owner.headers, admin.headers]) {
        const bad = await putJson('not-a-uuid', { timezone: 1 }, headers);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
      }
      expect((await putJson(owner.customer.id, { timezone: 1 }, {})).statusCode).toBe(401);
    });

    it('keeps the session’s cached account in step (getUser shows the new time zone at once)', async () => {
      await putJson(owner.customer.id, { timezone: 9.5 }, owner.headers);
      const me = await app.inject({ url: `/api/user/getUser/${owner.userId}`, headers: owner.headers });
      expect(me.json().customerId.timezone).toBe(9.5);
    });
  });

  describe('fields', () => {
    let owner: TestAccount;
    beforeAll(async () => {
      owner = await createAccount(app);
    });

    it.each([
      ['paymentPlan', { paymentPlan: 'gold' }, 'Payment plan is required'],
      ['timezone', { timezone: 'soon' }, 'Timezone is required'],
      ['timezone', { timezone: 15 }, 'Timezone must be a UTC offset from -12 to +14 hours, in quarter hours'],
      ['cdnProtocol', { cdnProtocol: 'ftp://' }, "CDN protocol is 'https://' or 'http://'"],
      [
        'cdnDomain',
        { cdnDomain: 'https://cdn.example.com' },
        'Enter the CDN domain without http:// or https:// (the protocol is chosen separately)',
      ],
      ['cdnDomain', { cdnDomain: 'not a host' }, 'CDN domain must be a host name such as cdn.example.com'],
      ['addCustomDomain', { addCustomDomain: 'maybe' }, undefined],
    ])('answers 400 naming %s', async (field, payload, message) => {
      const res = await putJson(owner.customer.id, payload, owner.headers);
      expect(res.statusCode).toBe(400);
      const fields = res.json().fields as { field: string; message: string }[];
      expect(fields.map((f) => f.field)).toEqual([field]);
      if (message) expect(fields[0]!.message).toBe(message);
    });

    it('reads form fields as a browser sends them, and an empty time zone as missing (never UTC)', async () => {
      const ok = await putForm(
        owner.customer.id,
        {
          timezone: '+05:45',
          addCustomDomain: 'false',
          cdnDomain: 'edge.example.net:8443',
          uploadLogo: 'false',
        },
        {},
        owner.headers,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().customerId).toMatchObject({ timezone: 5.75, cdnDomain: 'edge.example.net:8443' });
      const empty = await putForm(owner.customer.id, { timezone: '' }, {}, owner.headers);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual([{ field: 'timezone', message: 'Timezone is required' }]);
      expect((await row(owner.customer.id)).timezone).toBe(5.75);
    });

    it('clears the CDN domain with an empty value', async () => {
      const res = await putJson(owner.customer.id, { cdnDomain: '' }, owner.headers);
      expect(res.json().customerId.cdnDomain).toBeNull();
    });
  });

  describe('payment plan', () => {
    it('lets a user upgrade to Enterprise (the console’s upgrade path) but not leave it', async () => {
      const owner = await createAccount(app);
      const up = await putJson(owner.customer.id, { paymentPlan: 'enterprise' }, owner.headers);
      expect(up.statusCode).toBe(200);
      expect(up.json().customerId.paymentPlan).toBe('enterprise');
      const down = await putJson(owner.customer.id, { paymentPlan: 'standard' }, owner.headers);
      // 400 with the field (a 403 would end the console's session, spec section 8).
      expect(down.statusCode).toBe(400);
      expect(down.json().fields).toEqual([
        {
          field: 'paymentPlan',
          message:
            'Moving from the Enterprise plan to Standard ends a minimum commitment: please contact Cuepoint support',
        },
      ]);
      expect((await row(owner.customer.id)).paymentPlan).toBe('enterprise');
      // Saving the dialog unchanged is fine.
      expect(
        (await putJson(owner.customer.id, { paymentPlan: 'enterprise' }, owner.headers)).statusCode,
      ).toBe(200);
    });

    it('lets a main administrator move an account to Standard, which ends its API access and token', async () => {
      const owner = await createAccount(app, {
        customer: {
          paymentPlan: 'enterprise',
          enableApi: true,
          apiTokenHash: 'h'.repeat(64),
          apiTokenSealed: 'sealed',
        },
      });
      const res = await putJson(owner.customer.id, { paymentPlan: 'standard' }, admin.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().customerId).toMatchObject({
        paymentPlan: 'standard',
        enableAPI: false,
        apiToken: null,
      });
      expect(await row(owner.customer.id)).toMatchObject({
        enableApi: false,
        apiTokenHash: null,
        apiTokenSealed: null,
      });
    });
  });

  describe('logos', () => {
    let owner: TestAccount;
    beforeAll(async () => {
      owner = await createAccount(app);
    });

    it('stores a logo and a login logo, records their aspect, and serves them at /files/<key>', async () => {
      const logo = makePng(300, 240);
      const loginLogo = makeGif(260, 400);
      const res = await putForm(
        owner.customer.id,
        { uploadLogo: 'true', timezone: 0 },
        { logo: { name: 'Logo.PNG', data: logo }, loginLogo: { name: 'login.gif', data: loginLogo } },
        owner.headers,
      );
      expect(res.statusCode).toBe(200);
      const account = res.json().customerId;
      expect(account.logoUrl).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/);
      expect(account.loginLogoUrl).toMatch(/^\/files\/[0-9a-f-]{36}\.gif$/);
      expect(account.logoAspect).toBe('landscape');
      expect(await row(owner.customer.id)).toMatchObject({
        logoAspect: 'landscape',
        loginLogoAspect: 'portrait',
      });
      const served = await app.inject({ url: account.logoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(logo)).toBe(true);
      const updateLogo = await app.inject({ url: '/api/logo/updateLogo', headers: owner.headers });
      expect(updateLogo.json()).toEqual([{ url: account.logoUrl }]);
    });

    it('accepts exactly 260 X 220, JPEG logos (.jpg and .jpeg) and a square one', async () => {
      for (const [file, aspect] of [
        [png(260, 220), 'landscape'],
        [{ name: 'logo.jpg', data: makeJpeg(300, 300) }, 'square'],
        [{ name: 'logo.jpeg', data: makeJpeg(260, 500) }, 'portrait'],
      ] as const) {
        const res = await putForm(owner.customer.id, {}, { logo: file }, owner.headers);
        expect(res.statusCode, file.name).toBe(200);
        expect(res.json().customerId.logoAspect).toBe(aspect);
      }
    });

    it('deletes the replaced file after saving a new one', async () => {
      const first = (await putForm(owner.customer.id, {}, { logo: png() }, owner.headers)).json().customerId
        .logoUrl;
      const second = (await putForm(owner.customer.id, {}, { logo: png(400, 300) }, owner.headers)).json()
        .customerId.logoUrl;
      expect(second).not.toBe(first);
      expect((await app.inject({ url: first })).statusCode).toBe(404);
      expect((await app.inject({ url: second })).statusCode).toBe(200);
      const keys = [(await row(owner.customer.id)).logo, (await row(owner.customer.id)).loginLogo];
      expect(await blobFiles(app, 'public')).toEqual(expect.arrayContaining(keys as string[]));
    });

    it.each([
      ['259 X 220', png(259, 220)],
      ['260 X 219', png(260, 219)],
      ['a tiny JPEG', { name: 'logo.jpg', data: makeJpeg(64, 64) }],
    ])('refuses a logo of %s with the spec’s message', async (_label, file) => {
      const res = await putForm(owner.customer.id, {}, { logo: file }, owner.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'logo', message: RESOLUTION }]);
      expect(VALIDATION_MESSAGES.logoResolution).toBe(RESOLUTION);
    });

    it('refuses a small login logo naming loginLogo', async () => {
      const res = await putForm(
        owner.customer.id,
        {},
        { loginLogo: { name: 'l.gif', data: makeGif(100, 100) } },
        owner.headers,
      );
      expect(res.json().fields).toEqual([{ field: 'loginLogo', message: RESOLUTION }]);
    });

    it.each([
      [
        'a GIF as logo',
        'logo',
        { name: 'logo.gif', data: makeGif(300, 300) },
        'Logo must be a .jpg, .jpeg or .png file',
      ],
      [
        'an SVG',
        'logo',
        { name: 'logo.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
        'Logo must be a .jpg, .jpeg or .png file',
      ],
      [
        'a .png that is text',
        'logo',
        { name: 'logo.png', data: 'just some text, not an image' },
        'Logo is not a valid PNG image',
      ],
      [
        'a .png that is a JPEG',
        'logo',
        { name: 'logo.png', data: makeJpeg(300, 300) },
        'Logo is not a valid PNG image',
      ],
      [
        'a .gif that is a PNG',
        'loginLogo',
        { name: 'l.gif', data: makePng(300, 300) },
        'Login logo is not a valid GIF image',
      ],
      [
        'a .bmp login logo',
        'loginLogo',
        { name: 'l.bmp', data: makePng(300, 300) },
        'Login logo must be a .jpg, .jpeg, .png or .gif file',
      ],
    ])('refuses %s (400 naming the field)', async (_label, field, file, message) => {
      const res = await putForm(owner.customer.id, {}, { [field]: file as FormFile }, owner.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field, message }]);
    });

    it('refuses a logo over 2 MB with 413 naming the field', async () => {
      const big = Buffer.concat([makePng(300, 240), Buffer.alloc(UPLOAD_LIMITS.imageBytes)]);
      const before = await blobFiles(app, 'public');
      const res = await putForm(
        owner.customer.id,
        { timezone: 3 },
        { logo: { name: 'big.png', data: big } },
        owner.headers,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().fields).toEqual([{ field: 'logo', message: 'Logo must be at most 2 MB' }]);
      expect(await blobFiles(app, 'public')).toEqual(before);
      expect((await row(owner.customer.id)).timezone).not.toBe(3);
    });

    it('accepts a logo of exactly 2 MB', async () => {
      const base = makePng(300, 240);
      const exact = Buffer.concat([base, Buffer.alloc(UPLOAD_LIMITS.imageBytes - base.length)]);
      expect(
        (await putForm(owner.customer.id, {}, { logo: { name: 'l.png', data: exact } }, owner.headers))
          .statusCode,
      ).toBe(200);
    });

    it('requires the logo when uploadLogo says one was chosen', async () => {
      const res = await putForm(owner.customer.id, { uploadLogo: 'true' }, {}, owner.headers);
      expect(res.json().fields).toEqual([{ field: 'logo', message: 'Logo is required' }]);
    });

    it('treats an empty file input (no name, no bytes) as no file', async () => {
      const res = await putForm(
        owner.customer.id,
        { timezone: 2 },
        { logo: { name: '', data: new Uint8Array() } },
        owner.headers,
      );
      expect(res.statusCode).toBe(200);
    });

    it('refuses a file in a field that takes none, a repeated file and an empty one', async () => {
      const stray = await putForm(owner.customer.id, {}, { avatar: png() }, owner.headers);
      expect(stray.statusCode).toBe(400);
      expect(stray.json().fields[0].field).toBe('avatar');
      const twice = await putForm(owner.customer.id, {}, { logo: [png(), png()] }, owner.headers);
      expect(twice.json().fields).toEqual([{ field: 'logo', message: 'Logo: send one file only' }]);
      const empty = await putForm(
        owner.customer.id,
        {},
        { logo: { name: 'l.png', data: new Uint8Array() } },
        owner.headers,
      );
      expect(empty.json().fields).toEqual([{ field: 'logo', message: 'Logo is an empty file' }]);
    });

    it('refuses a body that is neither JSON nor multipart', async () => {
      const urlEncoded = await app.inject({
        method: 'PUT',
        url: url(owner.customer.id),
        payload: 'timezone=1',
        headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(urlEncoded.statusCode).toBe(415);
      const text = await app.inject({
        method: 'PUT',
        url: url(owner.customer.id),
        payload: 'timezone=1',
        headers: { ...owner.headers, 'content-type': 'text/plain' },
      });
      expect(text.statusCode).toBe(400);
    });

    it('answers a malformed multipart body with 400 naming it, saving and storing nothing (issue 46: was 500)', async () => {
      const before = await row(owner.customer.id);
      const files = await blobFiles(app, 'public');
      const logoHead = '--x\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\n\r\n';
      const field = '--x\r\nContent-Disposition: form-data; name="timezone"\r\n\r\n5';
      for (const [contentType, payload, message] of [
        ['multipart/form-data; boundary=x', Buffer.from('junk body'), MULTIPART_MESSAGES.unterminated],
        [
          'multipart/form-data; boundary=x',
          Buffer.concat([Buffer.from(logoHead), makePng(300, 240)]),
          MULTIPART_MESSAGES.unterminated,
        ],
        ['multipart/form-data; boundary=x', Buffer.from(field), MULTIPART_MESSAGES.unterminated],
        ['multipart/form-data', Buffer.from('junk body'), MULTIPART_MESSAGES.noBoundary],
      ] as const) {
        const res = await app.inject({
          method: 'PUT',
          url: url(owner.customer.id),
          headers: { ...owner.headers, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, contentType).toBe(400);
        expect(res.json()).toMatchObject({
          statusCode: 400,
          message: `body: ${message}`,
          fields: [{ field: 'body', message }],
        });
      }
      expect(await row(owner.customer.id)).toEqual(before);
      expect(await blobFiles(app, 'public')).toEqual(files);
    });
  });

  describe('all or nothing', () => {
    it('removes the files it stored when saving fails after them, and leaves the account as it was', async () => {
      const owner = await createAccount(app);
      const first = await putForm(owner.customer.id, {}, { logo: png() }, owner.headers);
      const logoUrl = first.json().customerId.logoUrl;
      const before = await blobFiles(app, 'public');

      const put = app.blobs.put.bind(app.blobs);
      const spy = vi
        .spyOn(app.blobs, 'put')
        .mockImplementationOnce(put)
        .mockImplementationOnce(() => Promise.reject(new Error('disk full')));
      try {
        const res = await putForm(
          owner.customer.id,
          { timezone: 7 },
          { logo: png(500, 400), loginLogo: png(500, 400, 'login.png') },
          owner.headers,
        );
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('disk full');
      } finally {
        spy.mockRestore();
      }
      expect(await blobFiles(app, 'public')).toEqual(before);
      const stored = await row(owner.customer.id);
      expect(stored.timezone).toBe(0);
      expect(`/files/${stored.logo}`).toBe(logoUrl);
    });
  });
});
