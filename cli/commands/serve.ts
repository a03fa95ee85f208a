import { resolve } from "node:path";
import type { ServerConfig } from "../../emulator/server-config.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const serveCommand: Command = {
  name: "serve",
  summary: "Run the content API emulator over the example site or your own site file.",
  usage: "serve [--port N] [--host 127.0.0.1] [--site FILE] [--config FILE]",
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
      description: "Site file with the model and content. Default: the bundled example site.",
    },
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description: "Server config (route, schemas and tokens, caching, dev mode); see the README.",
    },
  },
  async run({ values }, io) {
    const [{ createContentServer }, { loadServerConfig, resolveServerConfig }] = await Promise.all([
      import("../../emulator/create-content-server.js"),
      import("../../emulator/server-config.js"),
    ]);
    const config: ServerConfig = values.config
      ? await loadServerConfig(values.config as string, io.cwd)
      : resolveServerConfig();
    const port = values.port === undefined ? config.port : parsePort(values.port as string);
    const server = await createContentServer({
      ...config,
      port,
      ...(values.host ? { host: values.host as string } : {}),
      ...(values.site ? { site: resolve(io.cwd, values.site as string) } : {}),
      logger: {
        info: (message) => io.stdout(`typewire serve: ${message}\n`),
        error: (message) => io.stderr(`error: ${message}\n`),
      },
    });
    io.stdout(
      formatStarted(server.url, server.store.file, server.config, server.store.site.schemas),
    );
    await io.interrupted;
    await server.close();
    return 0;
  },
};

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got "${text}"`);
  return port;
}

function formatStarted(
  url: string,
  file: string | undefined,
  config: ServerConfig,
  siteSchemas: ServerConfig["schemas"] & object,
): string {
  const schemas = Object.entries(config.schemas ?? siteSchemas).map(([handle, s]) => {
    const state = !s.enabled
      ? "disabled"
      : s.expiryDate && Date.parse(s.expiryDate) <= Date.now()
        ? "expired"
        : "enabled";
    return `  ${handle.padEnd(12)} ${s.public ? "public (no token)" : "private (Bearer token)"}, ${state}\n`;
  });
  return [
    `typewire serve: content API at ${url}\n`,
    `  site: ${file ?? "(in memory)"}; dev mode ${config.devMode ? "on" : "off"}; caching ${config.enableGraphQlCaching ? "on" : "off"}\n`,
    "  schemas:\n",
    ...schemas,
    "Press Ctrl-C to stop.\n",
  ].join("");
}
