import type { SdkPackage } from '@/lib/sdk/packages';

/** What each package playground page says about itself: its metadata description and first paragraph. */
export const PLAYGROUND_PAGES: Record<SdkPackage, { description: string; intro: string }> = {
  'kilowise-client': {
    description:
      'Run kilowise-client in your browser: edit TypeScript that calls the API, and read each request and response of the in-browser sandbox.',
    intro:
      'Write TypeScript that uses kilowise-client and press Run. The calls go to the same in-browser sandbox as the API playground: it checks each request against the contract, answers like the API, and remembers what you create until you reset it. Each request and response is listed in the preview, with what your function returns.',
  },
  'kilowise-brands': {
    description:
      'Query kilowise-brands in your browser: edit TypeScript and see the vehicle and charger brands it returns, with their logos and colours.',
    intro:
      'Edit TypeScript that uses kilowise-brands. Whatever the code exports by default is shown as it changes: a list of brands appears as cards with their logos, in the variant for the page’s colour mode; any other value is shown as JSON.',
  },
  'kilowise-charts': {
    description:
      'Draw kilowise-charts in your browser: edit the spot prices or the schedule, the unit and the time zone, and see the chart follow.',
    intro:
      'Edit a chart’s data and props in TypeScript and JSX, and the chart redraws as you type. The component your code exports by default is rendered with the real package, in the page’s colour mode.',
  },
  'kilowise-ui': {
    description:
      'Try kilowise-ui in your browser: edit a form of ready time, state of charge, charging behavior and comfort range, and use it live.',
    intro:
      'Edit a form built from kilowise-ui in TypeScript and JSX, and use it in the preview as you type: the components are controlled, so the state your code keeps is what the API would receive. The preview follows the page’s colour mode through the components’ CSS variables.',
  },
};
