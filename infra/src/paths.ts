import { fileURLToPath } from 'node:url';

/** The monorepo root: Lambda bundles are built from it and the web build lives under it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
