export type {
  ArgsIn,
  CallResult,
  Check,
  Invalid,
  PossibleOf,
  Result,
  Unwrap,
  Wrap,
} from "./infer.js";
export {
  type Builder,
  type DirectiveHelper,
  type FragmentHelper,
  type Query,
  type QueryFunction,
  type ResultOf,
  type VariablesOfQuery,
  builder,
  directive,
  enumValue,
  fragmentOf,
  on,
  query,
  queryOf,
} from "./query.js";
export type {
  DateTimeString,
  DirectiveUse,
  EnumValue,
  FieldCall,
  FieldDescriptor,
  SchemaShape,
  Variable,
} from "./schema-shape.js";
export type {
  VariableDeclarations,
  VariableRefs,
  VariableType,
  VariableValue,
  VariablesOf,
} from "./variables.js";
export {
  type ContentClient,
  type ContentClientOptions,
  type Transport,
  createContentClient,
} from "./create-content-client.js";
export { ContentRequestError, type GraphQLErrorEntry } from "./content-request-error.js";
