/** The SDK packages, in the order the site lists them. */
export const SDK_PACKAGES = ['kilowise-client', 'kilowise-brands', 'kilowise-charts', 'kilowise-ui'] as const;
export type SdkPackage = (typeof SDK_PACKAGES)[number];

/** Whether a route parameter names one of the packages. */
export const isSdkPackage = (value: string): value is SdkPackage => (SDK_PACKAGES as readonly string[]).includes(value);
