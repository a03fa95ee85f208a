import { createHmac, timingSafeEqual } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Webhooks as PeerWebhooks,
  createNodeMiddleware as createPeerMiddleware,
} from "@octokit/webhooks";
import { createDriftReporter } from "@typewire/runtime/drift";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { PATH, SECRET } from "./payload.js";
import { benchWebhooks } from "./bench-webhooks.js";

// One receiver per process: `typewire`, `peer`, or `bare`. The parent measures CPU between
// "begin" and "end" messages, counting the requests served in between.
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function typewire(): Handler {
  const middleware = createNodeMiddleware(benchWebhooks(SECRET), { path: PATH });
  return (req, res) => {
    middleware(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  };
}

/**
 * `typewire` with the drift reporter on: every delivery's payload is walked beside the
 * platform's drift table (the benchmark's delivery has no undeclared field, so nothing is
 * reported and the figure is the walk's cost alone).
 */
function drift(): Handler {
  const webhooks = benchWebhooks(SECRET);
  webhooks.onAny(createDriftReporter({ onDrift: () => undefined }));
  const middleware = createNodeMiddleware(webhooks, { path: PATH });
  return (req, res) => {
    middleware(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  };
}

/**
 * Not in the default run (`BENCH_KINDS=typewire,core,bare` to add it): the middleware over a
 * minimal `verifyAndReceive` (HMAC, JSON.parse, no dispatch), to split the middleware's own
 * cost from the event handler's.
 */
function core(): Handler {
  const middleware = createNodeMiddleware(
    {
      verifyAndReceive({ payload, signature }) {
        const bytes = payload as Buffer;
        const given = Buffer.from(signature.slice(7), "hex");
        const expected = createHmac("sha256", SECRET).update(bytes).digest();
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return Promise.reject(
            Object.assign(new Error("signature does not match"), { status: 400 }),
          );
        }
        JSON.parse(bytes.toString());
        return Promise.resolve();
      },
    },
    { path: PATH },
  );
  return (req, res) => {
    middleware(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  };
}

function peer(): Handler {
  const webhooks = new PeerWebhooks({ secret: SECRET });
  webhooks.on("issues", () => undefined);
  const middleware = createPeerMiddleware(webhooks, {
    path: PATH,
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  return (req, res) => {
    middleware(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  };
}

/** The practical limit: read the body, check the HMAC, parse the JSON, answer. */
function bare(): Handler {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const expected = createHmac("sha256", SECRET).update(body).digest();
      const given = Buffer.from(String(req.headers["x-hub-signature-256"]).slice(7), "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.writeHead(400).end();
        return;
      }
      JSON.parse(body.toString());
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  };
}

const kind = process.argv[2] as "typewire" | "drift" | "core" | "peer" | "bare";
const handler = { typewire, drift, core, peer, bare }[kind]();
let served = 0;
const server = createServer((req, res) => {
  served++;
  handler(req, res);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () =>
  process.send!({ port: (server.address() as AddressInfo).port }),
);

let start = process.cpuUsage();
process.on("message", (message: string) => {
  if (message === "begin") {
    served = 0;
    start = process.cpuUsage();
    process.send!({ begun: true });
  } else if (message === "end") {
    const used = process.cpuUsage(start);
    process.send!({ cpuMicros: used.user + used.system, served });
  } else if (message === "exit") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
