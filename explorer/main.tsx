/**
 * The emulator's in-browser explorer: GraphiQL over the emulator's endpoint, with a schema picker
 * that sends the chosen private schema's token, a preview picker that sends a preview token (so
 * answers show its draft), a line on dev mode, and the status and cache header of the last
 * answer, the field picker (GraphiQL's Explorer plugin) and a link that opens the page again on
 * the same query, variables, schema and preview (`?query=`, `&variables=`, `&schema=`,
 * `&token=`). Bundled for the browser by `scripts/build-explorer.ts` into `dist/explorer/`, which
 * `typewire serve` serves at `/explorer` (and `/`).
 */
import "graphiql/style.css";
import "@graphiql/plugin-explorer/style.css";
import "./explorer.css";
import { explorerPlugin } from "@graphiql/plugin-explorer";
import { ToolbarButton, useEditorContext } from "@graphiql/react";
import { GraphiQL, type GraphiQLProps } from "graphiql";
import { StrictMode, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import {
  CONFIG_ELEMENT_ID,
  type ExplorerPageConfig,
  type ExplorerPreviewToken,
  type ExplorerSchema,
} from "../emulator/explorer-config.js";

type Fetcher = GraphiQLProps["fetcher"];

/** What the footer shows about the last query's answer (introspection is not counted). */
interface LastAnswer {
  schema: string;
  /** The preview token sent, if any. */
  preview: string | null;
  status: number;
  cache: string | null;
}

const SCHEMA_KEY = "typewire-explorer:schema";

const DEFAULT_QUERY = `# Every schema answers { ping }. Pick a private schema above to send
# its token: the docs and autocompletion follow the schema you pick.
{
  ping
}
`;

/** GraphiQL's field picker: check fields of the schema in a tree to write the query. */
const fieldPicker = explorerPlugin({ showAttribution: false });
/** One list for the page's life: GraphiQL closes the open plugin when it gets a new list. */
const plugins = [fieldPicker];

/** What the page's address asks for: `?query=` and `variables` open in the editors. */
function linkedEditors(): { query?: string; variables?: string } {
  const search = new URLSearchParams(location.search);
  const query = search.get("query");
  const variables = search.get("variables");
  return {
    ...(query !== null ? { query } : {}),
    ...(variables !== null ? { variables } : {}),
  };
}

/**
 * The page's address for the editors' query and variables, the schema and the preview token
 * picked: opening it shows the same query, ready to run.
 */
function shareLink(
  query: string,
  variables: string,
  schema: ExplorerSchema | undefined,
  preview: ExplorerPreviewToken | undefined,
): string {
  const search = new URLSearchParams();
  if (schema) search.set("schema", schema.handle);
  if (preview) search.set("token", preview.token);
  search.set("query", query);
  if (variables.trim() !== "") search.set("variables", variables);
  return `${location.origin}${location.pathname}?${search}`;
}

/** The toolbar's link button: puts the link in the address bar, the header and the clipboard. */
function ShareButton({ share }: { share: (query: string, variables: string) => void }) {
  const { queryEditor, variableEditor } = useEditorContext({ nonNull: true });
  return (
    <ToolbarButton
      label="Copy a link to this query (query, variables, schema)"
      className="tw-share-button"
      onClick={() => share(queryEditor?.getValue() ?? "", variableEditor?.getValue() ?? "")}
    >
      <svg
        aria-hidden="true"
        className="graphiql-toolbar-icon tw-share-icon"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      >
        <path d="M10 14a4 4 0 0 0 5.66 0l3.54-3.54a4 4 0 0 0-5.66-5.66L12 6.34" />
        <path d="M14 10a4 4 0 0 0-5.66 0L4.8 13.54a4 4 0 0 0 5.66 5.66L12 17.66" />
      </svg>
    </ToolbarButton>
  );
}

function readConfig(): ExplorerPageConfig {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`the page has no #${CONFIG_ELEMENT_ID} element`);
  return JSON.parse(element.textContent) as ExplorerPageConfig;
}

/** The schema to start with: `?schema=<handle>`, then the last one picked, then the first usable. */
function initialSchema(config: ExplorerPageConfig): ExplorerSchema | undefined {
  const usable = config.schemas.filter((schema) => schema.unusable === null);
  const wanted = [new URLSearchParams(location.search).get("schema"), remembered()];
  for (const handle of wanted) {
    const found = usable.find((schema) => schema.handle === handle);
    if (found) return found;
  }
  return usable.find((schema) => schema.token === null) ?? usable[0];
}

/** The preview token to start with: `?token=<token>`, as a preview target URL carries it. */
function initialPreview(config: ExplorerPageConfig): ExplorerPreviewToken | undefined {
  const wanted = new URLSearchParams(location.search).get("token");
  return config.previewTokens.find((token) => token.token === wanted && token.unusable === null);
}

function remembered(): string | null {
  try {
    return localStorage.getItem(SCHEMA_KEY);
  } catch {
    return null;
  }
}

function remember(handle: string): void {
  try {
    localStorage.setItem(SCHEMA_KEY, handle);
  } catch {}
}

/**
 * A fetcher for one schema: POSTs to the endpoint with the schema's token and the preview token
 * picked, lets the headers editor override any header (to try a wrong token, say), and reports
 * the status and cache header of every answer except GraphiQL's own introspection.
 */
function schemaFetcher(
  config: ExplorerPageConfig,
  schema: ExplorerSchema | undefined,
  preview: ExplorerPreviewToken | undefined,
  report: (answer: LastAnswer) => void,
): Fetcher {
  return async (params, options) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json",
    };
    if (schema?.token) headers.authorization = `Bearer ${schema.token}`;
    if (preview) headers[config.previewHeader.toLowerCase()] = preview.token;
    for (const [name, value] of Object.entries(options?.headers ?? {})) {
      headers[name.toLowerCase()] = String(value);
    }
    const response = await fetch(config.endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify(params),
    });
    const text = await response.text();
    if (params.operationName !== "IntrospectionQuery") {
      report({
        schema: schema?.handle ?? "none",
        preview: headers[config.previewHeader.toLowerCase()] ?? null,
        status: response.status,
        cache: response.headers.get(config.cacheHeader),
      });
    }
    try {
      return JSON.parse(text);
    } catch {
      return { errors: [{ message: `HTTP ${response.status}: ${text}` }] };
    }
  };
}

function optionLabel(schema: ExplorerSchema): string {
  const access = schema.token === null ? "public" : "private";
  const state = schema.unusable === null ? "" : `, ${schema.unusable.replace(/T.*/, "")}`;
  return `${schema.name} (${schema.handle}, ${access}${state})`;
}

function DevModeNote({ config }: { config: ExplorerPageConfig }) {
  const text = config.devMode
    ? "Dev mode on: the docs and autocompletion show the whole schema of the chosen token, and every validation error is reported in full."
    : "Dev mode off, as in production: fields the schema does not have are dropped from the query without an error, and internal errors are generic. The docs still show the whole schema of the chosen token.";
  return (
    <p className="tw-dev-mode" data-dev-mode={config.devMode ? "on" : "off"}>
      {text}
    </p>
  );
}

function previewLabel(token: ExplorerPreviewToken): string {
  const state = token.unusable === null ? "" : ` (${token.unusable.replace(/T.*/, "")})`;
  return `${token.previews}${state}`;
}

/** The preview picker: no preview, or one of the site's preview tokens. */
function PreviewPicker({
  config,
  preview,
  pick,
}: {
  config: ExplorerPageConfig;
  preview: ExplorerPreviewToken | undefined;
  pick: (token: string) => void;
}) {
  if (config.previewTokens.length === 0) return null;
  return (
    <>
      <label className="tw-picker">
        Preview{" "}
        <select id="tw-preview" value={preview?.token ?? ""} onChange={(e) => pick(e.target.value)}>
          <option value="">none: published content only</option>
          {config.previewTokens.map((option) => (
            <option
              key={option.token}
              value={option.token}
              disabled={option.unusable !== null}
              title={
                option.unusable === null
                  ? undefined
                  : `${option.unusable}: requests with it are answered as without a token`
              }
            >
              {previewLabel(option)}
            </option>
          ))}
        </select>
      </label>
      <code className="tw-preview" title="The preview token sent with every request">
        {preview ? `${config.previewHeader}: ${preview.token}` : `no ${config.previewHeader}`}
      </code>
    </>
  );
}

function Explorer({ config }: { config: ExplorerPageConfig }) {
  const [schema, setSchema] = useState(() => initialSchema(config));
  const [preview, setPreview] = useState(() => initialPreview(config));
  const [last, setLast] = useState<LastAnswer | null>(null);
  const [link, setLink] = useState<string | null>(null);
  // Read once: the editors start from the link, then belong to the user.
  const [linked] = useState(linkedEditors);
  const share = (query: string, variables: string) => {
    const url = shareLink(query, variables, schema, preview);
    history.replaceState(null, "", url);
    setLink(url);
    navigator.clipboard?.writeText(url).catch(() => {
      // No clipboard (an insecure origin, a denied permission): the link is shown to copy.
    });
  };
  const fetcher = useMemo(
    () => schemaFetcher(config, schema, preview, setLast),
    [config, schema, preview],
  );
  const pickPreview = (token: string) => {
    setPreview(config.previewTokens.find((candidate) => candidate.token === token));
    setLast(null);
  };
  const pick = (handle: string) => {
    const found = config.schemas.find((candidate) => candidate.handle === handle);
    if (!found) return;
    remember(found.handle);
    setSchema(found);
    setLast(null);
  };
  return (
    <div className="tw-explorer">
      <header className="tw-bar">
        <strong className="tw-title">typewire explorer</strong>
        <label className="tw-picker">
          Schema{" "}
          <select
            id="tw-schema"
            value={schema?.handle ?? ""}
            onChange={(event) => pick(event.target.value)}
          >
            {config.schemas.map((option) => (
              <option
                key={option.handle}
                value={option.handle}
                disabled={option.unusable !== null}
                title={
                  option.unusable === null ? undefined : `${option.unusable}: requests get 400`
                }
              >
                {optionLabel(option)}
              </option>
            ))}
          </select>
        </label>
        <code className="tw-auth" title="The header sent with every request of this schema">
          {schema?.token ? `Authorization: Bearer ${schema.token}` : "no Authorization header"}
        </code>
        <PreviewPicker config={config} preview={preview} pick={pickPreview} />
        <span className="tw-endpoint">
          POST <code>{config.endpoint}</code>
        </span>
        <DevModeNote config={config} />
        {link ? (
          <label className="tw-share">
            Link to this query{" "}
            <input id="tw-share-link" readOnly value={link} onFocus={(e) => e.target.select()} />
          </label>
        ) : null}
      </header>
      <main className="tw-graphiql">
        <GraphiQL
          fetcher={fetcher}
          defaultQuery={DEFAULT_QUERY}
          defaultEditorToolsVisibility="variables"
          plugins={plugins}
          {...linked}
        >
          <GraphiQL.Toolbar>
            {({ prettify, copy, merge }) => (
              <>
                {prettify}
                {merge}
                {copy}
                <ShareButton share={share} />
              </>
            )}
          </GraphiQL.Toolbar>
          <GraphiQL.Logo>
            <span className="tw-logo">typewire serve</span>
          </GraphiQL.Logo>
          <GraphiQL.Footer>
            <LastAnswerLine config={config} last={last} />
          </GraphiQL.Footer>
        </GraphiQL>
      </main>
    </div>
  );
}

function LastAnswerLine({ config, last }: { config: ExplorerPageConfig; last: LastAnswer | null }) {
  if (!last) {
    return (
      <p className="tw-last" data-state="none">
        Run a query to see its HTTP status and the {config.cacheHeader} header.
      </p>
    );
  }
  const cache = last.cache ?? "(none)";
  return (
    <p
      className="tw-last"
      data-state="answered"
      data-status={last.status}
      data-cache={cache}
      data-preview={last.preview ?? ""}
    >
      HTTP {last.status} · <code>{config.cacheHeader}</code>: <strong>{cache}</strong> · schema{" "}
      {last.schema}
      {last.preview ? " · preview: never cached" : ""}
      {config.caching ? "" : " · caching is off"}
    </p>
  );
}

const config = readConfig();
const root = document.getElementById("root");
if (!root) throw new Error("the page has no #root element");
createRoot(root).render(
  <StrictMode>
    <Explorer config={config} />
  </StrictMode>,
);
