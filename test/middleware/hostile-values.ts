/** A Proxy handler whose every trap throws: reading, writing, `instanceof`, even `typeof` checks of its keys. */
const throwingTraps: ProxyHandler<object> = new Proxy(
  {},
  {
    get: (_target, trap) => () => {
      throw new Error(`the ${String(trap)} trap throws`);
    },
  },
);

/**
 * Values a webhook handler may throw or reject with that a careless receiver would trip over
 * while reading them (a getter that throws, a Proxy, a frozen error, values that are not
 * objects). Each builds a fresh value.
 */
export const hostileValues: [name: string, make: () => unknown][] = [
  [
    "an error whose status getter throws",
    () =>
      Object.defineProperty(new Error("bad status"), "status", {
        get() {
          throw new Error("the status getter throws");
        },
      }),
  ],
  ["a Proxy that throws on every trap", () => new Proxy({}, throwingTraps)],
  [
    "a Proxy whose traps throw the Proxy itself",
    () => {
      const proxy: object = new Proxy(
        {},
        new Proxy(
          {},
          {
            get: () => () => {
              throw proxy;
            },
          },
        ),
      );
      return proxy;
    },
  ],
  ["null", () => null],
  ["undefined", () => undefined],
  ["a symbol", () => Symbol("thrown")],
  ["a BigInt", () => 12n],
  ["a frozen error", () => Object.freeze(new Error("frozen error"))],
  ["a frozen plain object", () => Object.freeze({ message: "frozen object", status: 418 })],
  [
    "an object whose message getter throws",
    () => ({
      get message(): string {
        throw new Error("the message getter throws");
      },
    }),
  ],
  [
    "an error whose message getter throws",
    () =>
      Object.defineProperty(new Error(), "message", {
        get() {
          throw new Error("the message getter throws");
        },
      }),
  ],
  [
    "an error whose event setter throws",
    () =>
      Object.defineProperty(new Error("no event"), "event", {
        set() {
          throw new Error("the event setter throws");
        },
      }),
  ],
  [
    "an object whose toString throws",
    () => ({
      toString(): string {
        throw new Error("toString throws");
      },
    }),
  ],
  [
    "a thenable whose then throws",
    () => ({
      // biome-ignore lint/suspicious/noThenProperty: the point is a hostile thenable
      then() {
        throw new Error("then throws");
      },
    }),
  ],
];
