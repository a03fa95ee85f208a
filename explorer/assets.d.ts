// The Explorer plugin's types name `graphiql-explorer`, whose package has none; the plugin ships
// them beside its own.
/// <reference path="../node_modules/@graphiql/plugin-explorer/dist/graphiql-explorer.d.ts" />

// The page's style sheets, imported for their side effect: the bundler puts them in explorer.css.
declare module "*.css";
