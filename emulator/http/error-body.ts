const reasons: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

/**
 * The JSON body of a refused request. The real CMS raises an HTTP exception that its framework
 * renders as `{name, message, code, status}`; GraphQL clients look for `errors[].message`, so the
 * body carries both and either kind of client can show the reason.
 *
 * @example
 * errorBody(400, "Invalid Authorization header");
 * // {"name":"Bad Request","message":"Invalid Authorization header","code":0,"status":400,"errors":[{"message":"Invalid Authorization header"}]}
 */
export function errorBody(status: number, message: string): string {
  return JSON.stringify({
    name: reasons[status] ?? "Error",
    message,
    code: 0,
    status,
    errors: [{ message }],
  });
}
