/**
 * A reference to a Lambda handler: a module under functions/src (without extension) and its export.
 * The local runtime imports it; CDK bundles it as a NodejsFunction entry.
 */
export interface HandlerRef {
  /** Path under functions/src, e.g. "health/handler". */
  module: string;
  /** Name of the exported handler function. */
  export: string;
}

export const handlerRef = (module: string, exportName = 'handler'): HandlerRef => ({
  module,
  export: exportName,
});

export const handlerKey = (ref: HandlerRef): string => `${ref.module}#${ref.export}`;
