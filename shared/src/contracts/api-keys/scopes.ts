import { ROUTES } from '../manifest.ts';
import { isPublicApiRoute, requiredScope } from './public-api.ts';

/** The public API's routes, from the manifest. */
export const publicApiRoutes = () => ROUTES.filter(isPublicApiRoute);

/** Every scope a key can be given, sorted (the key form offers these, plus `*`). */
export const PUBLIC_API_SCOPES: readonly string[] = [
  ...new Set(publicApiRoutes().map((route) => requiredScope(route))),
].sort();
