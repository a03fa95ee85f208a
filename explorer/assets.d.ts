// The page's style sheets, imported for their side effect: the bundler puts them in explorer.css.
declare module "*.css";
