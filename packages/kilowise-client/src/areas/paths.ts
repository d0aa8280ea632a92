/** The path prefixes of the API's two generations of endpoints. */
export const V2 = '/v2/kilowise';
export const V1 = '/v1/kilowise';
