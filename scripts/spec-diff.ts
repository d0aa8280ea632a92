// `npm run spec:diff [before] [after] [--fail-on-breaking]`: what a change of the OpenAPI document does to
// the reference. Without arguments it compares the pinned snapshot with the document the build would use
// (KILOWISE_OPENAPI_URL, or the snapshot); with two, those two files or URLs. It prints every added, removed
// and changed operation, parameter, body field, response and enum value, breaking changes first with
// their reason; with --fail-on-breaking it exits 1 when one is breaking (for CI). With --changelog it prints the
// entry of content/changelogs/api.yaml for the new document's version instead, drafted from the same changes.
import { readAnchorManifestIfPresent } from '../lib/openapi/anchor-manifest';
import { API_CHANGELOG_PATH, draftChangelogEntry } from '../lib/openapi/changelog';
import { diffApiModels, formatChanges } from '../lib/openapi/diff';
import { readSpecSettings, SNAPSHOT_PATH, type SpecSource } from '../lib/openapi/load';
import { buildApi } from '../lib/openapi/pipeline';
import { runMain } from '../lib/build/run-main';

const USAGE = 'usage: npm run spec:diff -- [before.yaml|URL] [after.yaml|URL] [--fail-on-breaking] [--changelog]';
const OPTIONS = ['--fail-on-breaking', '--changelog'];

const sourceOf = (location: string): SpecSource =>
  /^https?:\/\//i.test(location) ? { kind: 'url', location } : { kind: 'snapshot', location };

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const failOnBreaking = args.includes('--fail-on-breaking');
  const changelog = args.includes('--changelog');
  const unknown = args.filter((arg) => arg.startsWith('--') && !OPTIONS.includes(arg));
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (unknown.length > 0 || files.length === 1 || files.length > 2)
    throw new Error(
      `[spec:diff] ${unknown.length > 0 ? `unknown option ${unknown.join(', ')}` : 'give both documents, or neither'}\n${USAGE}`,
    );
  const before = files[0] ? sourceOf(files[0]) : ({ kind: 'snapshot', location: SNAPSHOT_PATH } as const);
  const after = files[1] ? sourceOf(files[1]) : readSpecSettings(process.env).source;
  const [old, now] = await Promise.all([
    buildApi({ source: before, fallbackToSnapshot: false }),
    buildApi({ source: after, fallbackToSnapshot: false }),
  ]);
  const manifest = await readAnchorManifestIfPresent();
  const changes = diffApiModels(old.model, now.model, { anchorAliases: manifest?.aliases });
  if (changelog) {
    console.log(
      `# The entry for ${API_CHANGELOG_PATH}, from ${before.location} to ${after.location}: check its wording, then add it at the top of releases.`,
    );
    console.log(draftChangelogEntry(now.model.version, new Date().toISOString().slice(0, 10), changes));
  } else {
    console.log(formatChanges(changes, `API changes from ${before.location} to ${after.location}`));
  }
  return failOnBreaking && changes.some((change) => change.breaking) ? 1 : 0;
}

// Exit 1 means "breaking changes" (--fail-on-breaking), so a failure of the script itself is 2.
runMain(main, { failureCode: 2 });
