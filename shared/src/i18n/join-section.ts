/**
 * A catalogue section made of the part server code reads (its messages) and the rest (the screens' labels),
 * in that key order. Call it as `/* @__PURE__ *\/ joinSection(...)`: an object spread may run getters, so
 * esbuild keeps a spread literal in every bundle that imports the module; a pure call it drops when the
 * section itself goes unread, and a Lambda reading only the messages bundles only them.
 */
export function joinSection<Head extends object, Tail extends object>(head: Head, tail: Tail): Head & Tail {
  return { ...head, ...tail };
}
