import { PackagePlaygroundPage } from '@/components/package-playground/package-playground-page';
import { packageRoute } from '@/components/sdk/package-route';
import { socialMetadata } from '@/lib/og';
import { PLAYGROUND_PAGES } from '@/lib/package-playground/pages';
import { playgroundUrl } from '@/lib/sdk';
import '../../../../styles/hljs.css';
import '../../../../styles/package-playground.css';

const route = packageRoute({
  metadata: (pkg) => {
    const title = `${pkg} playground`;
    const { description } = PLAYGROUND_PAGES[pkg];
    return {
      title,
      description,
      alternates: { canonical: playgroundUrl(pkg) },
      ...socialMetadata({ url: playgroundUrl(pkg), title, description }),
    };
  },
  render: (pkg) => <PackagePlaygroundPage pkg={pkg} />,
});

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
