import { areaRoute } from '@/components/docs/area-route';

const route = areaRoute('sdk');

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
