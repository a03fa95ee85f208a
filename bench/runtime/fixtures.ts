import { createHmac } from "node:crypto";

export const secret = "bench-secret-for-typewire";

/** A delivery body of exactly `size` bytes, shaped like an `issues.opened` payload. */
export function payloadOfSize(size: number): string {
  const base = {
    action: "opened",
    issue: {
      id: 1,
      number: 1347,
      title: "Found a bug",
      user: { login: "octocat", id: 1, type: "User" },
      labels: [{ id: 208045946, name: "bug", color: "f29513" }],
      state: "open",
      body: "",
    },
    repository: { id: 1296269, name: "hello-world", full_name: "octocat/hello-world" },
    sender: { login: "octocat", id: 1 },
  };
  const empty = JSON.stringify(base).length;
  base.issue.body = "x".repeat(size - empty);
  const body = JSON.stringify(base);
  if (Buffer.byteLength(body) !== size) throw new Error("fixture size mismatch");
  return body;
}

export function signatureOf(body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
