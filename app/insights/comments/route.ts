import { HANDLE_ROUTE } from '@/lib/insights/handle-route';

// "Mark handled" from the /insights page: a form post with the comment's id and the token (lib/insights/).
export const dynamic = 'force-dynamic';

export const POST = HANDLE_ROUTE.POST;
