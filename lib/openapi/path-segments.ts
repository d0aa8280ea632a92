/** `.` and `..`, written plainly or percent-encoded: as a path parameter, they point the request at another endpoint. */
export const isDotSegment = (value: string) => /^(?:\.|%2e){1,2}$/i.test(value.trim());
