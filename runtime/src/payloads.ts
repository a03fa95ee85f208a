// Types only: importing this entry loads no runtime code, so payload types can be used on their
// own, for example in a worker that receives deliveries through another library.
export type * from "./generated/webhooks/payloads/index.js";
