/**
 * A request that reached one of the emulator's limits. `setting` names the server config key
 * that sets it, so the message can say which setting to raise.
 *
 * @example
 * throw new LimitError("maxRequestMs", "The request ran longer than maxRequestMs (10000 ms) allows");
 */
export class LimitError extends Error {
  override readonly name = "LimitError";
  readonly setting: string;

  constructor(setting: string, message: string) {
    super(message);
    this.setting = setting;
  }
}
