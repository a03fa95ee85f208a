/** The response header that says whether the body came from the result cache (`HIT`, `MISS`). */
export const CACHE_HEADER_NAME = "X-Typewire-Cache";
