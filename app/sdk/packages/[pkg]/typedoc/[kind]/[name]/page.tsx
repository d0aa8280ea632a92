import { symbolRoute } from '@/components/typedoc/symbol-route';

export const dynamicParams = false;
export const generateStaticParams = symbolRoute.generateStaticParams;
export const generateMetadata = symbolRoute.generateMetadata;
export default symbolRoute.Page;
