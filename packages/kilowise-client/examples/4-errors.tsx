// Example: Handle an API error
import { KilowiseApiError, KilowiseClient } from 'kilowise-client';

// A device that does not exist: the client throws a KilowiseApiError with the status, the API's message
// and the operation. Catch it to handle it; leave it uncaught to see it in the red box.
const kilowise = new KilowiseClient({ apiKey: 'sandbox', baseUrl: 'https://api.kilowise.io', userId: 'user-4711' });

export default async function run() {
  try {
    return await kilowise.devices.get('dev-does-not-exist');
  } catch (error) {
    if (error instanceof KilowiseApiError)
      return { status: error.status, operation: error.operationId, message: error.message };
    throw error;
  }
}
