// What the project's small programs share: their receiver's node middleware served on a free port
// of 127.0.0.1, each signed delivery posted to it in turn, then the server closed.
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { SignedDelivery } from "@typewire/runtime/testing";

/** Posts the deliveries one after the other and answers their statuses, in order. */
export async function postDeliveries(
  middleware: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>,
  deliveries: AsyncIterable<SignedDelivery> | Iterable<Promise<SignedDelivery>>,
): Promise<number[]> {
  const server = createServer(async (req, res) => {
    if (!(await middleware(req, res))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const statuses: number[] = [];
  try {
    for await (const delivery of deliveries) {
      const response = await fetch(`http://127.0.0.1:${port}/api/platform/webhooks`, {
        method: "POST",
        headers: delivery.headers,
        body: delivery.body,
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return statuses;
}
