import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import { readExamples } from '@/lib/package-playground/examples';
import { PLAYGROUND_PAGES } from '@/lib/package-playground/pages';
import { getOperationContract } from '@/lib/contract';
import { playgroundUrl, versionsUrl } from '@/lib/sdk';
import type { SdkPackage } from '@/lib/sdk/packages';
import { PackagePlaygroundLoader } from './package-playground-loader.client';

/** `/sdk/packages/{package}/playground`: an introduction, then the live editor and preview. */
export function PackagePlaygroundPage({ pkg }: { pkg: SdkPackage }) {
  const examples = readExamples(pkg);
  return (
    <DocLayout area="sdk" url={playgroundUrl(pkg)} title={`${pkg} playground`} toc={[]} wide>
      <p>{PLAYGROUND_PAGES[pkg].intro}</p>
      <p>
        Pick a starting point under <strong>Example</strong>. The address bar always holds a link to the code on screen:
        share it and it opens with your code. The code runs only in your browser, in a frame of its own that cannot
        reach this site’s storage or the network. See the <Link href={`/sdk/packages/${pkg}`}>{pkg} page</Link> for its
        exports and the <Link href={versionsUrl(pkg)}>versions</Link> for what changed.
      </p>
      <PackagePlaygroundLoader
        pkg={pkg}
        examples={examples}
        contract={pkg === 'kilowise-client' ? getOperationContract() : undefined}
      />
      <noscript>
        <p>
          The playground runs your code in the browser and needs JavaScript. The examples it starts from are on the
          package page.
        </p>
      </noscript>
    </DocLayout>
  );
}
