import { resolve } from "node:path";
import type { Logger, RequestLogEntry } from "../../emulator/logger.js";
import type { ServerConfig } from "../../emulator/server-config.js";
import { UsageError } from "../args.js";
import type { Command, Io } from "../command.js";

export const serveCommand: Command = {
  name: "serve",
  summary: "Run the content API emulator over the example site or your own site file.",
  usage: "serve [--port N] [--host 127.0.0.1] [--site FILE] [--config FILE] [--quiet]",
  options: {
    port: {
      type: "string",
      short: "p",
      placeholder: "N",
      description: "Port to listen on (0 picks a free one). Default: 4000.",
    },
    host: {
      type: "string",
      placeholder: "HOST",
      description: "Address to bind. Default: 127.0.0.1 (this machine only).",
    },
    site: {
      type: "string",
      placeholder: "FILE",
      description:
        "Site file with the model and content, described in docs/content-site.md. Default: the bundled example site.",
    },
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description:
        "Server config (route, schemas and tokens, caching, dev mode, limits); see docs/emulator.md.",
    },
    quiet: {
      type: "boolean",
      short: "q",
      description: "No line per request; startup, reloads and errors are still printed.",
    },
  },
  async run({ values }, io) {
    const [
      { createContentServer },
      { loadServerConfig, resolveServerConfig },
      { formatRequestLine },
    ] = await Promise.all([
      import("../../emulator/create-content-server.js"),
      import("../../emulator/server-config.js"),
      import("../../emulator/format-request-line.js"),
    ]);
    const config: ServerConfig = values.config
      ? await loadServerConfig(values.config as string, io.cwd)
      : resolveServerConfig();
    const port = values.port === undefined ? config.port : parsePort(values.port as string);
    const host = (values.host as string | undefined) ?? config.host;
    const requests = values.quiet ? undefined : requestLog(io, formatRequestLine);
    const logger: Logger = {
      info: (message) => io.stdout(`typewire serve: ${message}\n`),
      error: (message) => io.stderr(`error: ${message}\n`),
      ...(requests ? { request: requests.add } : {}),
    };
    let server: Awaited<ReturnType<typeof createContentServer>>;
    try {
      server = await createContentServer({
        ...config,
        port,
        host,
        ...(values.site ? { site: resolve(io.cwd, values.site as string) } : {}),
        logger,
      });
    } catch (error) {
      throw listenFailure(error, host, port) ?? error;
    }
    io.stdout(
      formatStarted(
        server.url,
        server.explorer,
        server.store.file,
        server.config,
        server.store.site.schemas,
      ),
    );
    await io.interrupted;
    await server.close();
    requests?.flush();
    return 0;
  },
};

/**
 * Collects request lines and writes them once per turn of the event loop: under load that is one
 * write for many requests rather than one each, so the log costs little throughput.
 */
function requestLog(
  io: Io,
  format: (entry: RequestLogEntry) => string,
): { add: (entry: RequestLogEntry) => void; flush: () => void } {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === "") return;
    const text = pending;
    pending = "";
    io.stdout(text);
  };
  return {
    add(entry) {
      pending += `${format(entry)}\n`;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** A bind that failed for a reason the user can fix, said in their terms; undefined otherwise. */
function listenFailure(error: unknown, host: string, port: number): Error | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") {
    return new Error(
      `port ${port} on ${host} is already in use (another typewire serve, or another server). Choose another with --port N, or --port 0 for any free port.`,
    );
  }
  if (code === "EACCES") {
    return new Error(
      `not allowed to listen on port ${port} on ${host} (ports below 1024 need extra rights). Choose another with --port N.`,
    );
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
    return new Error(
      `cannot listen on ${host}: it is not an address of this machine. Choose another with --host, e.g. --host 127.0.0.1.`,
    );
  }
  return undefined;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got "${text}"`);
  return port;
}

/**
 * The startup banner: where the API and the explorer page are, the site and settings, then every
 * API schema with its handle, its name, and how to use it: the public one without a token, each
 * private one with its token, and the ones a request cannot use (expired, disabled) marked so.
 */
function formatStarted(
  url: string,
  explorer: string,
  file: string | undefined,
  config: ServerConfig,
  siteSchemas: ServerConfig["schemas"] & object,
): string {
  const entries = Object.entries(config.schemas ?? siteSchemas);
  const handleWidth = Math.max(6, ...entries.map(([handle]) => handle.length));
  const nameWidth = Math.max(4, ...entries.map(([, s]) => s.name.length));
  const now = Date.now();
  const schemas = entries.map(([handle, s]) => {
    const access = s.public ? "public, no token" : `private, token ${s.accessToken}`;
    const unusable = !s.enabled
      ? "disabled: requests get 400"
      : s.expiryDate && Date.parse(s.expiryDate) <= now
        ? `expired ${s.expiryDate}: requests get 400`
        : undefined;
    return `    ${handle.padEnd(handleWidth)}  ${s.name.padEnd(nameWidth)}  ${access}${unusable ? ` (${unusable})` : ""}\n`;
  });
  return [
    `typewire serve: content API at ${url}\n`,
    `  explorer: ${explorer} (open it in a browser: schema picker, docs, history)\n`,
    `  site: ${file ?? "(in memory)"}; dev mode ${config.devMode ? "on" : "off"}; caching ${config.enableGraphQlCaching ? "on" : "off"}\n`,
    `  schemas (a private one takes "Authorization: Bearer <token>"):\n`,
    `    ${"handle".padEnd(handleWidth)}  ${"name".padEnd(nameWidth)}  access\n`,
    ...schemas,
    "Press Ctrl-C to stop.\n",
  ].join("");
}
