import { fileURLToPath } from "node:url";

/** The toolkit's own folder, where the bundled `schemas/` and `templates/` live. */
export const packageRoot = fileURLToPath(new URL("..", import.meta.url));
