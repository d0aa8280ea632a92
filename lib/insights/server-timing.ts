/**
 * The Server-Timing entry proxy.ts adds to every page a server of ours answers: the page's sign that this origin
 * takes insights at /insights/events. A static host sends none, so the widgets hide there without a request that
 * would fail. A module of its own, without imports, for proxy.ts and the browser.
 */
export const INSIGHTS_SERVER_TIMING = 'kilowise-insights';
