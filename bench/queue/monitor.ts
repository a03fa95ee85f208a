import { connect } from "node:net";

/** Commands Redis ran, as MONITOR showed them. */
export interface CommandTally {
  /** Commands clients sent (a MULTI ... EXEC block counts once): each at most a round trip. */
  sent: number;
  /** Commands run inside Lua scripts: no round trip of their own. */
  scripted: number;
  /** Sent commands by name (lower case), `evalsha` for scripts. */
  byName: Map<string, number>;
}

/** An empty tally. */
export function emptyTally(): CommandTally {
  return { sent: 0, scripted: 0, byName: new Map() };
}

/**
 * Counts MONITOR lines (`1700000000.123 [0 127.0.0.1:5000] "evalsha" ...`, or `[0 lua]` for a
 * command a script ran) into `tally`. `inTransaction` tracks an open MULTI across calls.
 *
 * @example
 * countMonitorLines(['1.0 [0 127.0.0.1:1] "set" "k" "v"'], tally, { open: false }); // tally.sent === 1
 */
export function countMonitorLines(
  lines: readonly string[],
  tally: CommandTally,
  inTransaction: { open: boolean },
): void {
  for (const line of lines) {
    const match = /^\d+\.\d+ \[\d+ ([^\]]+)\] "([^"]+)"/.exec(line);
    if (!match) continue;
    const [, client, command] = match as unknown as [string, string, string];
    const name = command.toLowerCase();
    if (client === "lua") {
      tally.scripted++;
      continue;
    }
    if (inTransaction.open) {
      if (name === "exec" || name === "discard") inTransaction.open = false;
      continue;
    }
    if (name === "multi") inTransaction.open = true;
    tally.sent++;
    tally.byName.set(name, (tally.byName.get(name) ?? 0) + 1);
  }
}

/** A MONITOR connection that counts everything Redis runs until `stop()`. */
export interface Monitor {
  /** The tally since the last `reset()`. */
  take(): CommandTally;
  reset(): void;
  stop(): void;
}

/**
 * Opens a MONITOR connection to Redis on 127.0.0.1:`port`. MONITOR slows Redis down: use it
 * only around a phase that counts commands, never one that measures time.
 *
 * @example
 * const monitor = await startMonitor(6379);
 * // ... run deliveries ...
 * const { sent } = monitor.take();
 * monitor.stop();
 */
export function startMonitor(port: number): Promise<Monitor> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let tally = emptyTally();
    const transaction = { open: false };
    let rest = "";
    let started = false;
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("connect", () => socket.write("MONITOR\r\n"));
    socket.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\r\n");
      rest = lines.pop() ?? "";
      if (!started && lines[0] === "+OK") {
        started = true;
        lines.shift();
        resolve({
          take: () => tally,
          reset: () => {
            tally = emptyTally();
          },
          stop: () => socket.destroy(),
        });
      }
      // Each line is a RESP simple string: "+<timestamp> [...] ...".
      countMonitorLines(
        lines.map((line) => line.slice(1)),
        tally,
        transaction,
      );
    });
  });
}
