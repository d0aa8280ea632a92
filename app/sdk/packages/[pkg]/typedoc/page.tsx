import { packageRoute } from '@/components/sdk/package-route';
import { TypedocIndex } from '@/components/typedoc/typedoc-index';
import { socialMetadata } from '@/lib/og';
import { getSdkReference, typedocBase } from '@/lib/typedoc';

const route = packageRoute({
  metadata: (pkg) => {
    const description = `Every export of ${pkg}, generated with TypeDoc from its source: ${pkg === 'kilowise-client' ? 'enums, interfaces and type aliases' : 'components, functions, types and constants'}.`;
    return {
      title: `${pkg} reference`,
      description,
      alternates: { canonical: typedocBase(pkg) },
      ...socialMetadata({ url: typedocBase(pkg), title: `${pkg} reference`, description }),
    };
  },
  render: (pkg) => <TypedocIndex reference={getSdkReference(pkg)} />,
});

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
