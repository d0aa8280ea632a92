import { symbolRoute } from '@/components/typedoc/symbol-route';

const route = symbolRoute('enum');

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
