/** The arguments of `@transform` and of an asset's `url(...)`. */
export interface TransformArgs {
  handle?: string | null;
  transform?: string | null;
  width?: number | null;
  height?: number | null;
  mode?: string | null;
  position?: string | null;
  interlace?: string | null;
  quality?: number | null;
  format?: string | null;
  immediately?: boolean | null;
}

const modes = ["crop", "fit", "stretch", "letterbox"];
const positions = ["top", "center", "bottom"].flatMap((v) =>
  ["left", "center", "right"].map((h) => `${v}-${h}`),
);

/** An asset's focal point, `[x, y]` as fractions of its width and height from the top left. */
export type FocalPoint = readonly [x: number, y: number];

/**
 * The URL of a transformed asset, derived only from the asset URL, its focal point and the
 * arguments, so the same request always gives the same URL. Like the real system, the transform
 * lives in a subfolder named after it, beside the original:
 * `/uploads/_640x480_crop_center-center_80/photo.jpg`, or `/uploads/_thumb/photo.jpg` for a named
 * transform (any handle: the site file has no transform list). `format` changes the extension;
 * `immediately` changes when a real server renders it, not the URL. Returns undefined when no
 * transform is asked for, and throws a RangeError naming a bad argument.
 *
 * A crop centres on the asset's focal point when it has one: as the spec says, `position` applies
 * only when no focal point is set. The folder then names the point in percent, `x-y`
 * (`_640x480_crop_42-35`, the real system's CSS form `42% 35%`), so moving the focal point gives
 * a new URL.
 *
 * @example
 * transformUrl("/uploads/photo.jpg", { width: 640, height: 480 });
 * // "/uploads/_640x480_crop_center-center/photo.jpg"
 * transformUrl("/uploads/photo.jpg", { width: 640, height: 480 }, [0.42, 0.35]);
 * // "/uploads/_640x480_crop_42-35/photo.jpg"
 */
export function transformUrl(
  url: string,
  args: TransformArgs,
  focalPoint?: FocalPoint | null,
): string | undefined {
  const named = args.handle ?? args.transform;
  const { width, height, quality } = args;
  const mode = args.mode ?? "crop";
  if (!modes.includes(mode))
    throw new RangeError(`Unknown transform mode "${mode}"; use one of ${modes.join(", ")}`);
  if (args.position != null && !positions.includes(args.position))
    throw new RangeError(`Unknown transform position "${args.position}"`);
  const position =
    mode === "crop" && focalPoint ? focalPosition(focalPoint) : (args.position ?? "center-center");
  for (const [name, value] of Object.entries({ width, height, quality })) {
    if (value !== undefined && value !== null && value <= 0)
      throw new RangeError(`Transform ${name} must be positive`);
  }
  let folder: string;
  if (named) {
    if (!/^[\w-]+$/.test(named))
      throw new RangeError(`Transform handle "${named}" must be letters, digits, "_" or "-"`);
    folder = `_${named}`;
  } else if (width || height) {
    const parts = [`_${width ?? "AUTO"}x${height ?? "AUTO"}`, mode, position];
    if (quality) parts.push(String(quality));
    if (args.interlace && args.interlace !== "none") parts.push(args.interlace);
    folder = parts.join("_");
  } else if (args.format) {
    folder = "_original";
  } else {
    return undefined;
  }
  const slash = url.lastIndexOf("/");
  const dir = url.slice(0, slash + 1);
  let file = url.slice(slash + 1);
  if (args.format) file = file.replace(/(\.[^.]*)?$/, `.${args.format}`);
  return `${dir}${folder}/${file}`;
}

/** A focal point as a position segment: each coordinate in percent, at most two decimals. */
function focalPosition([x, y]: FocalPoint): string {
  const percent = (fraction: number) => String(Math.round(fraction * 10_000) / 100);
  return `${percent(x)}-${percent(y)}`;
}
