// The playground contract of the pinned snapshot, with kilowise-client's methods from
// TypeDoc, built once per process as `npm run spec:build` builds it: for tests, and for the sandbox server
// when no build has written .generated/operation-contract.json.
import { SNAPSHOT_PATH } from '../openapi/load';
import type { ApiModel } from '../openapi/model';
import { buildApi } from '../openapi/pipeline';
import { convertTypedocProject } from '../typedoc/convert';
import { linkSdkToApi } from '../typedoc/link-api';
import { runTypedoc } from '../typedoc/run';
import { buildOperationContract } from './build';
import type { OperationContract } from './operation-contract';

interface SnapshotBuild {
  contract: OperationContract;
  exportedNames: string[];
  /** The API model joined to kilowise-client, as `/api` shows it: each operation's kilowise-client sample. */
  model: ApiModel;
}

let built: Promise<SnapshotBuild> | undefined;

/**
 * The contract, the names kilowise-client exports (values and types), for type-checking samples, and the API model
 * with kilowise-client's samples.
 */
export function snapshotBuild(): Promise<SnapshotBuild> {
  built ??= (async () => {
    const [{ model, document }, typedoc] = await Promise.all([
      buildApi({ source: { kind: 'snapshot', location: SNAPSHOT_PATH }, fallbackToSnapshot: false }),
      runTypedoc('packages/kilowise-client/src/index.ts', 'packages/kilowise-client/tsconfig.json'),
    ]);
    const sdk = convertTypedocProject(typedoc, { version: '0.0.0' });
    const contract = buildOperationContract(document, model, sdk);
    return {
      contract,
      model: linkSdkToApi(model, sdk).model,
      exportedNames: (typedoc as { children: { name: string }[] }).children.map((child) => child.name),
    };
  })();
  return built;
}

export async function snapshotContract(): Promise<OperationContract> {
  return (await snapshotBuild()).contract;
}
