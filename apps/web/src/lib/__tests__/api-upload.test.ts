import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, jsonResponse, makeUser, signIn, stubFetch } from '../../test/fixtures.ts';
import { ApiError, apiUpload, uploadFormData } from '../api-client.ts';
import { setNavigator } from '../navigation.ts';

const navigate = vi.fn();

const sent = (fetchMock: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url, init: init!, headers: new Headers(init!.headers as Record<string, string>) };
};

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate, () => '/overview');
});
afterEach(() => setNavigator());

describe('apiUpload (multipart)', () => {
  it('sends FormData with the session headers and no JSON Content-Type', async () => {
    signIn(makeUser({ _id: 'u-42' }), 'tok-1');
    localStorage.setItem('loginasid', 'u-7');
    const fetchMock = stubFetch(() => jsonResponse(200, { id: 'c-1' }));
    const logo = new File(['png-bytes'], 'logo.png', { type: 'image/png' });

    await expect(
      apiUpload('customer/editCustomer/c-1', {
        method: 'PUT',
        fields: {
          paymentPlan: 'standard',
          timezone: 5.5,
          uploadLogo: true,
          cdnDomain: '',
          skipped: undefined,
        },
        files: { logo, loginLogo: null },
      }),
    ).resolves.toEqual({ id: 'c-1' });

    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/customer/editCustomer/c-1');
    expect(init.method).toBe('PUT');
    expect(init.body).toBeInstanceOf(FormData);
    // The browser writes multipart/form-data with its boundary; a JSON type would break it.
    expect(headers.has('content-type')).toBe(false);
    expect(Object.fromEntries(headers)).toEqual({
      accept: 'application/json',
      authorization: 'Bearer tok-1',
      'auth-type': 'reg',
      'user-id': 'u-42',
      'login-as': 'u-7',
    });

    const body = init.body as FormData;
    expect(body.get('paymentPlan')).toBe('standard');
    expect(body.get('timezone')).toBe('5.5');
    expect(body.get('uploadLogo')).toBe('true');
    expect(body.get('cdnDomain')).toBe('');
    expect(body.has('skipped')).toBe(false);
    expect(body.has('loginLogo')).toBe(false);
    const file = body.get('logo') as File;
    expect(file.name).toBe('logo.png');
    expect(await file.text()).toBe('png-bytes');
  });

  it('POSTs by default', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    await apiUpload('files', { fields: { a: 1 } });
    expect(sent(fetchMock).init.method).toBe('POST');
  });

  it('stores a usertoken of a 2xx answer, like apiRequest', async () => {
    signIn(makeUser(), 'old');
    stubFetch(() => jsonResponse(200, {}, { usertoken: 'new' }));
    await apiUpload('files');
    expect(localStorage.getItem('currentUser')).toBe('new');
  });

  it('hands a 400 with field messages to the form without ending the session', async () => {
    signIn();
    stubFetch(() =>
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid',
        fields: [{ field: 'logo', message: 'please upload image with at least 260 X 220 resolution' }],
      }),
    );
    const error = await failure(apiUpload('customer/editCustomer/c-1', { method: 'PUT' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fieldErrors).toEqual({ logo: 'please upload image with at least 260 X 220 resolution' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });

  it('ends a refused session like apiRequest (401 -> /login?refresh=true)', async () => {
    signIn();
    stubFetch(() => jsonResponse(401, { message: 'expired' }));
    const error = await failure(apiUpload('files'));
    expect(error.status).toBe(401);
    expect(navigate).toHaveBeenCalledWith('/login?refresh=true');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('passes a 500 on with its message', async () => {
    signIn();
    stubFetch(() => jsonResponse(500, { statusCode: 500, error: 'x', message: 'Storage is full' }));
    const error = await failure(apiUpload('files'));
    expect(error.status).toBe(500);
    expect(error.message).toBe('Storage is full');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('uploadFormData', () => {
  it('writes text fields as text and leaves out empty files and fields', () => {
    const data = uploadFormData({
      fields: { a: 'x', b: 0, c: false, d: null },
      files: { f: new Blob(['1']), g: undefined },
    });
    expect([...data.keys()]).toEqual(['a', 'b', 'c', 'f']);
    expect(data.get('b')).toBe('0');
    expect(data.get('c')).toBe('false');
  });
});
