import { type Reply, errorReply } from "./reply.js";

/** The delivery headers, read by each adapter in its own way. */
export interface DeliveryHeaders {
  contentType: string | undefined;
  event: string | undefined;
  signature: string | undefined;
  delivery: string | undefined;
}

/** The fix, said in every 415 answer (a form-encoded body included, the usual mistake). */
const FIX = `: set the webhook's content type to "application/json" on the platform`;
const MISSING_TYPE_REPLY = errorReply(415, `Missing content-type header${FIX}`);

/**
 * Checks the content type and the three required headers, in that order. Returns the error
 * reply, or `undefined` when the request may go on to its body.
 *
 * @example
 * checkHeaders({ contentType: "text/plain", event: "push", signature: "sha256=00", delivery: "1" })?.status; // 415
 */
export function checkHeaders(headers: DeliveryHeaders): Reply | undefined {
  const { contentType } = headers;
  if (contentType !== "application/json") {
    if (!contentType) return MISSING_TYPE_REPLY;
    const semicolon = contentType.indexOf(";");
    const mediaType = (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
      .trim()
      .toLowerCase();
    if (mediaType !== "application/json") {
      return errorReply(
        415,
        `Unsupported content type ${JSON.stringify(contentType.slice(0, 100))}${FIX}`,
      );
    }
  }
  if (!headers.event || !headers.signature || !headers.delivery) {
    const missing: string[] = [];
    if (!headers.event) missing.push("x-platform-event");
    if (!headers.signature) missing.push("x-hub-signature-256");
    if (!headers.delivery) missing.push("x-platform-delivery");
    return errorReply(400, `Required headers missing: ${missing.join(", ")}`);
  }
  return undefined;
}
