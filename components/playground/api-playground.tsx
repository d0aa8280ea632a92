import { getOperationContract } from '@/lib/contract';
import { ApiPlaygroundLoader } from './api-playground-loader.client';

/** The API playground as an MDX component: the contract is read at build time and handed to the client island. */
export function ApiPlayground() {
  return (
    <>
      <ApiPlaygroundLoader contract={getOperationContract()} />
      <noscript>
        <p>
          The playground runs in your browser and needs JavaScript. Every operation is described in the{' '}
          <a href="/api">API reference</a>.
        </p>
      </noscript>
    </>
  );
}
