import type { AppField, AppView, InstallAppBody, ShopifyAction } from '@atende/shared/contracts/apps/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { missingAppFields, PIPEDRIVE_DOMAIN_PATTERN } from '@atende/shared/rules/app-install';

const strings = ptBR.apps;

export type InstallFormValues = Partial<Record<AppField, string>>;

/**
 * The same rules the API applies (spec point 5), so the form names each problem in pt-BR before sending;
 * keyed by field, empty when the form can be sent.
 */
export function validateInstallForm(
  app: AppView,
  values: InstallFormValues,
): Partial<Record<AppField, string>> {
  const errors: Partial<Record<AppField, string>> = {};
  for (const field of missingAppFields(app.name, values) as AppField[]) {
    errors[field] = field === 'shop' && values.shop?.trim() ? strings.invalidShop : strings.requiredField;
  }
  if (
    app.name === 'pipedrive' &&
    values.domain?.trim() &&
    !PIPEDRIVE_DOMAIN_PATTERN.test(values.domain.trim())
  ) {
    errors.domain = strings.invalidDomain;
  }
  return errors;
}

/**
 * An installed app whose optional API token was left blank (RD Station CRM needs only its alias to install):
 * it keeps its place but does not sync until the token is given, which its card says.
 */
export function waitsForToken(app: AppView): boolean {
  const token = app.fields.find((field) => field.name === 'token');
  return (
    app.installation !== null &&
    token !== undefined &&
    !token.required &&
    !app.installation.credentials_set.includes('token')
  );
}

/** The body of the install call: the app's own fields, trimmed. */
export function installBody(
  app: AppView,
  values: InstallFormValues,
  shopifyActions?: readonly ShopifyAction[],
): InstallAppBody {
  const fields: InstallAppBody = Object.fromEntries(
    app.fields.flatMap(({ name }) => {
      const value = values[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  if (app.name !== 'shopify' || !shopifyActions?.length) return fields;
  return {
    ...fields,
    shopify_actions: shopifyActions.map((action) => ({ ...action, action: 'send_template_message' })),
  };
}
