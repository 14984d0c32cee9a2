import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryError } from './adapter.ts';
import { allowPrivateProviderAddresses, assertPublicAddress } from './http.ts';

afterEach(() => allowPrivateProviderAddresses(true));

describe('provider addresses', () => {
  it('never reach this machine or a private network when private addresses are denied', async () => {
    allowPrivateProviderAddresses(false);
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://localhost:6379/',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:3000/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0:3000/',
    ]) {
      await expect(assertPublicAddress(url), url).rejects.toSatisfy(
        (error) => error instanceof DeliveryError && error.permanent && /private network/.test(error.message),
      );
    }
    await expect(assertPublicAddress('https://93.184.216.34/v21.0')).resolves.toBeUndefined();
  });

  it('reach loopback when allowed (a demo install and its simulators)', async () => {
    allowPrivateProviderAddresses(true);
    await expect(assertPublicAddress('http://127.0.0.1:4010/')).resolves.toBeUndefined();
  });
});
