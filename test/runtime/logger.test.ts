import { createEventHandler } from "@typewire/runtime/event-handler";
import { createLogger, Webhooks } from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createLogger", () => {
  it("defaults debug and info to no-ops, warn and error to the console", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const log = createLogger();
    log.debug("d");
    log.info("i");
    log.warn("w", 1);
    log.error("e");
    expect(debug).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("w", 1);
    expect(error).toHaveBeenCalledWith("e");
  });

  it("completes a partial logger without modifying it, keeping its this", () => {
    class Sink {
      lines: string[] = [];
      warn(message: string) {
        this.lines.push(message);
      }
    }
    const sink = new Sink();
    const log = createLogger(sink);
    expect(() => log.debug("no debug method")).not.toThrow();
    log.warn("kept");
    expect(sink.lines).toEqual(["kept"]);
    expect(Object.keys(sink)).toEqual(["lines"]);
  });
});

describe("createLogger, looking methods up when a message is logged", () => {
  it("calls a method replaced or added after it was created", () => {
    const first: unknown[] = [];
    const later: unknown[] = [];
    const sink: { warn?: (...data: unknown[]) => void; debug?: (...data: unknown[]) => void } = {
      warn: (...data) => first.push(data),
    };
    const log = createLogger(sink);
    sink.warn = (...data) => later.push(data);
    sink.debug = (...data) => later.push(data);
    log.warn("w", 1);
    log.debug("d");
    expect(first).toEqual([]);
    expect(later).toEqual([["w", 1], ["d"]]);
  });

  it("calls a console spy made after it was created", () => {
    const log = createLogger(console);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    log.warn("seen by the spy");
    expect(warn).toHaveBeenCalledWith("seen by the spy");
  });

  it("falls back to the console for warn and error when the method is removed later", () => {
    const sink: Partial<Record<"error", (...data: unknown[]) => void>> = { error: () => undefined };
    const log = createLogger(sink);
    delete sink.error;
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    log.error("to the console");
    expect(error).toHaveBeenCalledWith("to the console");
  });

  it("never throws, whatever the method or the object does", () => {
    const throwing = createLogger({
      debug: () => {
        throw new Error("broken");
      },
      info: () => {
        throw Symbol("odd");
      },
      warn: () => {
        throw null;
      },
      get error(): () => void {
        throw new Error("getter");
      },
    });
    expect(() => throwing.debug("d")).not.toThrow();
    expect(() => throwing.info("i")).not.toThrow();
    expect(() => throwing.warn("w")).not.toThrow();
    expect(() => throwing.error("e")).not.toThrow();
  });
});

describe("Webhooks logging", () => {
  it("calls a logger method replaced after the Webhooks was created", () => {
    const log = { warn: (_message: string) => undefined };
    const webhooks = new Webhooks({ secret: "s", log });
    const warn = vi.spyOn(log, "warn");
    webhooks.on("nope" as never, () => undefined);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"nope" is not a known'));
  });

  it("calls a logger method replaced after the event handler was created", async () => {
    const log = { error: (..._data: unknown[]) => undefined };
    const handler = createEventHandler({ log });
    const error = vi.spyOn(log, "error");
    handler.onError(() => {
      throw new Error("in error handler");
    });
    handler.on("push", () => {
      throw new Error("handler");
    });
    await expect(handler.receive({ name: "push", payload: {} })).rejects.toThrow("handler");
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('error" event handler failed'),
      expect.objectContaining({ message: "in error handler" }),
    );
  });

  it("names a failure without a message in words when an error handler fails on it", async () => {
    const error = vi.fn();
    const handler = createEventHandler({ log: { error } });
    handler.onError(() => {
      throw new Error("in error handler");
    });
    handler.on("push", () => {
      throw new Error();
    });
    await expect(handler.receive({ name: "push", payload: {} })).rejects.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
    const [line] = error.mock.calls[0]!;
    expect(line).toBe('[typewire] an "error" event handler failed while handling: Error');
  });

  it("keeps registering and receiving when the logger throws", async () => {
    const broken = () => {
      throw new Error("the logger is broken");
    };
    const webhooks = new Webhooks({
      secret: "s",
      log: { debug: broken, info: broken, warn: broken, error: broken },
    });
    const seen: string[] = [];
    expect(() => webhooks.on("nope" as never, () => undefined)).not.toThrow();
    webhooks.onError(() => {
      throw new Error("in error handler");
    });
    webhooks.on("push", () => {
      seen.push("push");
      throw new Error("handler");
    });
    await expect(webhooks.receive({ name: "push", payload: {} })).rejects.toThrow("handler");
    expect(seen).toEqual(["push"]);
  });

  it("warns about unknown names on the console by default", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    new Webhooks({ secret: "s" }).on("nope" as never, () => undefined);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"nope" is not a known'));
  });

  it("uses a partial logger without debug, and defaults what it lacks", async () => {
    const warn = vi.fn();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const webhooks = new Webhooks({ secret: "s", log: { warn } });
    webhooks.on("nope" as never, () => undefined);
    expect(warn).toHaveBeenCalledTimes(1);
    webhooks.onError(() => {
      throw new Error("in error handler");
    });
    webhooks.on("push", () => {
      throw new Error("handler");
    });
    await expect(webhooks.receive({ name: "push", payload: {} })).rejects.toThrow();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('error" event handler failed'),
      expect.objectContaining({ message: "in error handler" }),
    );
  });
});
