import { type BuildOptions, build } from "esbuild";
import { gzipSync } from "node:zlib";

// What a bundle of `entry` weighs as the size benchmarks count it: bundled and minified by
// esbuild as an ES module, then gzipped at level 9. `options` adds to or replaces esbuild's
// settings (conditions, platform, externals).
export async function gzipBundle(entry: string, options: BuildOptions = {}): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
    ...options,
  });
  return gzipSync(result.outputFiles![0]!.contents, { level: 9 }).length;
}
