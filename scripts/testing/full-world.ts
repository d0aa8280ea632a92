// A world filled to the sandbox's bounds (lib/sandbox/domain/model.ts: WORLD_LIMITS), the largest a key can make:
// what the tests and the bench measure a command's write against.
import type { OperationContract } from '../../lib/contract/operation-contract';
import type { Sandbox } from '../../lib/sandbox/sandbox';
import { SPOT_PRICE_AREAS } from '../../lib/sandbox/spot-price-areas';
import { sandboxClient, SAMPLE_DEVICES, V2 } from '../../lib/sandbox/test-client';

const HOME = {
  name: 'Home',
  coordinates: { latitude: 59.33, longitude: 18.06 },
  countryCode: 'SE',
  postalCode: '11455',
  streetAddress: 'Storgatan 1',
  city: 'Stockholm',
};

/**
 * Fills the world of `sandbox` as a client can, every text at its longest: 100 users with tariff data, 100 locations,
 * 50 devices, two months of test prices in every area, and three weeks of the sample car's nightly sessions. Throws
 * when a request is refused, so that a change of the bounds shows here rather than as a smaller world.
 */
export async function fillWorld(contract: OperationContract, sandbox: Pick<Sandbox, 'handle'>): Promise<void> {
  const call = sandboxClient(contract, sandbox, 'full');
  const expectOk = async (reply: Promise<{ status: number; body: unknown }>, what: string) => {
    const { status, body } = await reply;
    if (status >= 300) throw new Error(`[full-world] ${what} answered ${status}: ${JSON.stringify(body)}`);
  };
  const text = 'x'.repeat(500);
  const tariffInfo = { electricalUtilityProvider: text, meterId: text, tariff: text };
  // The sample user is one of the 100.
  for (let user = 0; user < 99; user += 1)
    await expectOk(call('PUT', `${V2}/users/user-${user}/data`, tariffInfo), `user ${user}'s data`);
  for (let index = 0; index < 99; index += 1)
    await expectOk(
      call('POST', `${V2}/users/user-${Math.floor(index / 20)}/locations`, {
        ...HOME,
        name: text,
        streetAddress: text,
        city: text,
        tariffInfo,
      }),
      `location ${index}`,
    );
  for (let index = 0; index < 47; index += 1)
    await expectOk(
      call(
        'POST',
        `${V2}/devices/register-charger`,
        {
          name: text,
          vendor: 'WALLBOX',
          vendorDeviceId: `SN-${index}-${text.slice(0, 400)}`,
          autoSetupOCPPConnection: false,
        },
        { 'X-User-Id': 'user-4711' },
      ),
      `charger ${index}`,
    );
  const prices: Record<string, number> = {};
  for (let hour = 0; hour < 24 * 62; hour += 1)
    prices[new Date(Date.UTC(2025, 2, 1) + hour * 3_600_000).toISOString().replace('.000Z', 'Z')] = -10.123456;
  for (const area of SPOT_PRICE_AREAS)
    await expectOk(call('POST', `${V2}/spot-prices/${area.id}`, prices), `test prices of ${area.id}`);
  // The sample car charges every night for three weeks.
  for (let day = 0; day < 21; day += 1) {
    await call('PATCH', `/__sandbox/devices/${SAMPLE_DEVICES.car}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${SAMPLE_DEVICES.car}`, { soc: 10, pluggedIn: true });
    await expectOk(call('POST', '/__sandbox/clock', { advance: 'P1D' }), `day ${day}`);
  }
}
