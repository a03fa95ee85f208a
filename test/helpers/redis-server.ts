import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How a test's Redis keeps its data. */
export interface RedisServerOptions {
  /**
   * Append-only persistence: `false` (default) keeps nothing on disk; `"everysec"` or
   * `"always"` turn it on with that fsync policy, so a restart finds every acknowledged write
   * (`"always"` even after a SIGKILL).
   */
  appendOnly?: false | "everysec" | "always";
}

/** A `redis-server` child process on 127.0.0.1, owned by one test file. */
export interface RedisServer {
  readonly port: number;
  /** The running server's process id (`undefined` while it is stopped). */
  readonly pid: number | undefined;
  /** `{ host, port }`, the shape BullMQ and ioredis take. */
  readonly connection: { host: string; port: number };
  /** Stops the server the hard way (SIGKILL): no last write, no shutdown save. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same data folder. */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, nothing is answered. */
  pause(): Promise<void>;
  /** Lets a paused server run again (SIGCONT). */
  resume(): Promise<void>;
  /** Stops the server (if running) and removes its data folder. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test run that dies without its afterAll must not leave servers behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts Debian's `redis-server` on a free port on 127.0.0.1 with its own temporary data
 * folder, and waits until it answers PING. Fails, with the server's log, when it cannot start.
 *
 * @example
 * const redis = await startRedis({ appendOnly: "always" });
 * const queue = createDeliveryQueue({ connection: redis.connection });
 * await redis.stop();
 */
export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), "typewire-redis-"));
  let port = await freePort();
  let child: ChildProcess | undefined;
  // Another process may take the free port before redis-server binds it: try a few.
  for (let attempt = 0; ; attempt++) {
    try {
      child = await launch(dir, port, options);
      break;
    } catch (error) {
      if (attempt === 2 || !String(error).includes("Address already in use")) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      port = await freePort();
    }
  }
  const server: RedisServer = {
    port,
    get pid() {
      return child?.pid;
    },
    connection: { host: "127.0.0.1", port },
    async kill() {
      if (child) await stopProcess(child, "SIGKILL");
      child = undefined;
    },
    async restart() {
      if (child) throw new Error("redis-server is still running; kill() it first");
      child = await launch(dir, port, options);
    },
    async pause() {
      child?.kill("SIGSTOP");
    },
    async resume() {
      child?.kill("SIGCONT");
    },
    async stop() {
      // A paused process would not act on SIGTERM.
      child?.kill("SIGCONT");
      if (child) await stopProcess(child, "SIGTERM");
      child = undefined;
      await rm(dir, { recursive: true, force: true });
    },
  };
  return server;
}

async function launch(
  dir: string,
  port: number,
  options: RedisServerOptions,
): Promise<ChildProcess> {
  const logFile = join(dir, "redis.log");
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--logfile",
    logFile,
    "--daemonize",
    "no",
    "--save",
    "",
    "--maxmemory-policy",
    "noeviction",
  ];
  if (options.appendOnly) {
    args.push("--appendonly", "yes", "--appendfsync", options.appendOnly);
  } else {
    args.push("--appendonly", "no");
  }
  const child = spawn("redis-server", args, { stdio: "ignore" });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const exited = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => resolve(`exited (${code ?? signal})`));
    child.once("error", (error) => resolve(`could not start: ${error.message}`));
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const outcome = await Promise.race([
      ping(port),
      exited,
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 50)),
    ]);
    if (outcome === true) return child;
    if (typeof outcome === "string" || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = await readFile(logFile, "utf8").catch(() => "");
      throw new Error(
        `redis-server on 127.0.0.1:${port} ${typeof outcome === "string" ? outcome : "did not answer PING within 10 s"}${
          outcome === "could not start: spawn redis-server ENOENT"
            ? " (install it: apt-get install -y redis-server)"
            : ""
        }\n${log.slice(-2000)}`,
      );
    }
  }
}

/** One PING over a fresh connection: true on `+PONG`, false on anything else. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
  });
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
